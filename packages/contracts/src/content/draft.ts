import { z } from 'zod';
import { arr, str } from '../common.js';
import { DIFFICULTIES } from '../enums.js';
import { checkQuestion, LAYOUT, QC_OPTIONS } from './consistency.js';
import {
  INPUT_KINDS,
  manualMarkSchema,
  MATH_TOPICS,
  passageSchema,
  questionSchema,
  VISIBILITIES,
  type ContentPassage,
  type ContentQuestion,
} from './question.js';

/**
 * The question editor's drafts (decision 031): the content format as an operator types it — every field bounded as
 * the content schema bounds it, but no minimums and no rules, so a half-written question can be saved. Publishing
 * runs the content check (`checkDraft`) on it, in the browser as one types and again on the server.
 */

/** The 13 question kinds the editor writes, with their category and the id prefix the shipped bank uses. */
export const EDITOR_KINDS = {
  tc1: { category: 1, prefix: 'q-tc1' },
  tc2: { category: 1, prefix: 'q-tc2' },
  tc3: { category: 1, prefix: 'q-tc3' },
  se: { category: 1, prefix: 'q-se' },
  rc_single: { category: 2, prefix: 'q-rc' },
  rc_multi: { category: 2, prefix: 'q-rc' },
  rc_select: { category: 2, prefix: 'q-rc' },
  qc: { category: 3, prefix: 'q-qc' },
  mc_single: { category: 3, prefix: 'q-mcs' },
  mc_multi: { category: 3, prefix: 'q-mcm' },
  numeric: { category: 3, prefix: 'q-num' },
  fraction: { category: 3, prefix: 'q-frac' },
  issue: { category: 4, prefix: 'q-issue' },
} as const;
export type EditorKind = keyof typeof EDITOR_KINDS;
export const EDITOR_KIND_LIST = Object.keys(EDITOR_KINDS) as [EditorKind, ...EditorKind[]];
/** New passages are numbered like the shipped reading sets' (`p-rc-113`). */
export const PASSAGE_ID_PREFIX = 'p-rc';

const optionDraftSchema = z.strictObject({ key: str(1), text: str(600) });
const mediaDraftSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('svg'), svg: str(20000), alt: str(300) }),
  z.strictObject({
    kind: z.literal('table'),
    caption: str(200),
    header: arr(str(60), 10),
    rows: arr(arr(str(60), 10), 30),
  }),
]);
const idDraft = z.string().regex(/^[a-z0-9-]{1,64}$/);

export const questionDraftSchema = z.strictObject({
  /** Absent until the first publish gives the question an id. */
  id: idDraft.optional(),
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  kind: z.enum(EDITOR_KIND_LIST),
  difficulty: z.enum(DIFFICULTIES),
  passage_id: idDraft.optional(),
  quantity_a: str(600).optional(),
  quantity_b: str(600).optional(),
  description: str(600),
  inquiry: str(4000),
  media: arr(mediaDraftSchema, 3),
  input_method: z.strictObject({
    kind: z.enum(INPUT_KINDS),
    option_groups: arr(z.strictObject({ options: arr(optionDraftSchema, 9) }), 3),
    fillable: z.boolean(),
    fill_prefix: str(20),
    fill_suffix: str(20),
    group_size: z.number().int().min(0).max(3),
    option_size: z.number().int().min(0).max(9),
  }),
  standard_answer: z.strictObject({
    selects: arr(str(8), 3),
    multi_selects: arr(str(8), 9),
    text: str(40),
    text2: str(40),
    description: str(4000),
  }),
  analysis: z.strictObject({
    text: str(8000),
    key_words: arr(str(80), 20),
    synonyms: arr(str(80), 20),
    antonyms: arr(str(80), 20),
  }),
  topic: z.enum(MATH_TOPICS).optional(),
  tags: arr(str(30), 10),
  visibility: z.enum(VISIBILITIES),
  brief: str(120),
  source_names: arr(str(60), 5),
  manual_mark: manualMarkSchema,
  origin_id: idDraft.optional(),
  card_learn: z.boolean().optional(),
});
export type QuestionDraft = z.infer<typeof questionDraftSchema>;

export const passageDraftSchema = z.strictObject({
  /** Absent for a new passage until the first publish. */
  id: idDraft.optional(),
  kind: z.enum(['short', 'long']),
  title: str(120),
  text: str(12000),
  translate: str(12000),
  core: str(400),
  sentences: arr(str(2000), 80).optional(),
});
export type PassageDraft = z.infer<typeof passageDraftSchema>;

/** What a draft holds: the question and, for reading, its passage as edited (null: the question's stored passage). */
export const draftBodySchema = z.strictObject({
  question: questionDraftSchema,
  passage: passageDraftSchema.nullable(),
});
export type DraftBody = z.infer<typeof draftBodySchema>;

/** A problem of a draft: where (a JSON path like `question/input_method/option_groups/0`, or '' for the whole) and what. */
export interface DraftProblem {
  path: string;
  message: string;
}

/** Stand-ins the schema check uses for ids a publish has not given yet. */
export const DRAFT_QUESTION_ID = 'q-draft';
export const DRAFT_PASSAGE_ID = 'p-draft';

const letters = 'ABCDEFGHI';

/** Option keys A.. in order, as the content check wants them: the editor never lets keys be typed. */
export function rekey(options: { text: string }[]): { key: string; text: string }[] {
  return options.map((o, i) => ({ key: letters[i]!, text: o.text }));
}

/** A new question of `kind` laid out as the content check requires, with empty texts to fill in. */
export function newDraft(kind: EditorKind): DraftBody {
  const layout = LAYOUT[kind]!;
  const size = Array.isArray(layout.options) ? layout.options[0] : layout.options;
  const options = () => rekey(Array.from({ length: size }, (_, j) => ({ text: kind === 'qc' ? QC_OPTIONS[j]! : '' })));
  const category = EDITOR_KINDS[kind].category;
  const entry = layout.input === 'TextFill' || layout.input === 'Fraction';
  return {
    question: {
      category,
      kind,
      difficulty: 'medium',
      description: '',
      inquiry: '',
      media: [],
      input_method: {
        kind: layout.input,
        option_groups: Array.from({ length: layout.groups }, () => ({ options: options() })),
        fillable: entry,
        fill_prefix: '',
        fill_suffix: '',
        group_size: layout.groups,
        option_size: layout.groups ? size : 0,
      },
      standard_answer: { selects: [], multi_selects: [], text: '', text2: '', description: '' },
      analysis: { text: '', key_words: [], synonyms: [], antonyms: [] },
      ...(category === 3 ? { topic: 'arithmetic' as const } : {}),
      ...(kind === 'qc' ? { quantity_a: '', quantity_b: '' } : {}),
      tags: [],
      visibility: 'public',
      brief: '',
      source_names: [],
      manual_mark: { highlight: false, needs_fix: false },
    },
    passage: category === 2 ? { kind: 'short', title: '', text: '', translate: '', core: '' } : null,
  };
}

/** The draft's passage with its stand-in id, for the checks and the preview. */
export function draftPassage(body: DraftBody): PassageDraft & { id: string } {
  return body.passage ? { ...body.passage, id: body.passage.id ?? DRAFT_PASSAGE_ID } : (null as never);
}

const issuePath = (prefix: string, path: PropertyKey[]) => [prefix, ...path.map(String)].join('/');

/**
 * The content check of a draft: the content schema of the question (and its passage when the draft carries one),
 * then `checkQuestion` against `passages` (the live bank's, for a question whose passage the draft does not carry).
 * Both the editor's browser side and the publish run exactly this; the near-duplicate stems need the bank and are the
 * server's. `parsed` is the question and passage as they would be stored, when there is no problem.
 */
export function checkDraft(
  body: DraftBody,
  passages: Map<string, ContentPassage> = new Map(),
): { problems: DraftProblem[]; parsed: { question: ContentQuestion; passage: ContentPassage | null } | null } {
  const problems: DraftProblem[] = [];
  let passage: ContentPassage | null = null;
  const known = new Map(passages);
  if (body.passage) {
    const p = passageSchema.safeParse(draftPassage(body));
    if (p.success) {
      passage = p.data;
      known.set(passage.id, passage);
    } else for (const i of p.error.issues) problems.push({ path: issuePath('passage', i.path), message: i.message });
  }
  const draft = body.question;
  const withIds = {
    ...draft,
    id: draft.id ?? DRAFT_QUESTION_ID,
    ...(passage ? { passage_id: passage.id } : body.passage ? { passage_id: DRAFT_PASSAGE_ID } : {}),
  };
  const q = questionSchema.safeParse(withIds);
  if (!q.success) {
    for (const i of q.error.issues) problems.push({ path: issuePath('question', i.path), message: i.message });
    return { problems, parsed: null };
  }
  for (const message of checkQuestion(q.data, known)) {
    // Without a valid passage the reading rules would only repeat the passage's own problems.
    if (body.passage && !passage && /does not exist|sentence index/.test(message)) continue;
    problems.push({ path: 'question', message });
  }
  return { problems, parsed: problems.length ? null : { question: q.data, passage } };
}
