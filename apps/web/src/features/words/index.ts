/** Words in context: the click-a-word popover (mounted once by WordLookupProvider) and the learner's word infos. */
export { WordLookupProvider, useWordClick } from './word-lookup-provider';
export { wordInfosQuery, wordKeys, headwordsIn } from './word-queries';
