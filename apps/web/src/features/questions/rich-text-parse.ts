// Content text's grammar is shared with the server's printed export: it lives in the contracts.
export { parseRichText, splitWords, type Inline, type Paragraph } from '@gre/contracts';
