import { type CallRequest, type CallResponse, type searchCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { answersHeldFor } from '../questions/index.js';
import { stemPreview, toQuestionBrief } from '../../lib/question-view.js';
import { searchQuestions, searchWords, type QuestionHit } from './search.repository.js';
import { plainMath } from './math-text.js';
import { flatten, matchRanges, queryTerms, snippetAround } from './snippet.js';

type SearchRequest = CallRequest<typeof searchCalls.search>;
type SearchResponse = CallResponse<typeof searchCalls.search>;
type QuestionResult = SearchResponse['questions'][number];

/** Han characters: a query holding any is matched against Chinese meanings rather than headword spellings. */
const HAN = /\p{Script=Han}/u;

/** The fields a hit is shown from, in the order a match in them is preferred. */
function fieldTexts(hit: QuestionHit): [QuestionResult['field'], string][] {
  return [
    [
      'stem',
      [hit.inquiry.replace(/\{\{\d\}\}/g, '____'), hit.quantity_a ?? '', hit.quantity_b ?? '']
        .filter(Boolean)
        .join(' '),
    ],
    ['passage', [hit.passage_title ?? '', hit.passage_text ?? ''].filter(Boolean).join(' ')],
    ['options', (hit.options ?? []).join(' / ')],
    ['analysis', hit.analysis_text ?? ''],
  ];
}

/**
 * The first field holding a term, with a snippet around it. A hit that matched only in text the fields leave out
 * (key words, tags, the brief) shows the opening of its stem without highlights.
 */
export function questionResult(hit: QuestionHit, terms: string[]): QuestionResult {
  const question = toQuestionBrief(hit, true);
  for (const [field, text] of fieldTexts(hit)) {
    const cut = snippetAround(text, terms);
    if (cut) return { question, field, ...cut };
  }
  return { question, field: 'stem', snippet: stemPreview(plainMath(hit.inquiry)), highlights: [] };
}

/** The phonetic the word card's explanation opens with ('音标：/…/'), or ''. */
function phoneticOf(analysis: string): string {
  return /音标：\/([^\n]*)\//.exec(analysis)?.[1] ?? '';
}

/**
 * /api/search: the questions this viewer may see outside books (the big bank's rule: public, locked from FreeVIP,
 * everything for staff), so a locked stem never reaches a Trail member; or GRE list words. Neither finds a question
 * of an exam the learner is taking (decision 013): snippets come from the analysis, words carry their meaning.
 */
export async function search(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  body: SearchRequest,
): Promise<SearchResponse> {
  const phrase = flatten(body.q).toLowerCase();
  const terms = queryTerms(phrase);
  if (terms.length === 0) throw new AppError('invalid_input', 'q: blank', '请输入搜索内容');
  const pageSize = body.page_size ?? 20;
  const db = deps.database.db;
  const base = {
    phrase,
    difficulty: body.difficulty,
    visibilities: visibleVisibilities(actor),
    exclude: [...(await answersHeldFor(deps, actor.user.id, null))],
    limit: pageSize,
    offset: ((body.page ?? 1) - 1) * pageSize,
  };
  if (body.scope === 'words') {
    const byMeaning = HAN.test(phrase);
    const page = await searchWords(db, base, byMeaning);
    const words = page.rows.map((w) => {
      const translation = w.translation.replace(/\n/g, '；');
      return {
        question_id: w.id,
        word: w.word,
        phonetic: phoneticOf(w.analysis_text),
        translation,
        field: byMeaning ? ('translation' as const) : ('word' as const),
        highlights: byMeaning ? matchRanges(translation, [phrase]) : [[0, phrase.length] as [number, number]],
      };
    });
    return { questions: [], words, total: page.total, capped: page.capped };
  }
  const page = await searchQuestions(db, { ...base, terms, category: body.category ?? 0, kind: body.kind });
  return {
    questions: page.rows.map((hit) => questionResult(hit, terms)),
    words: [],
    total: page.total,
    capped: page.capped,
  };
}
