import { bookCalls, contentCalls, questionCalls, type ContentProblem } from '@gre/contracts';
import { bookTemplates, passages } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { book, passage, pkg, rcSingle, tc1, WORDS_CSV } from './content.fixtures.js';
import { wordQuestionId } from './ecdict.js';
import { importPackage } from './content-import.service.js';
import { connectWords, greForms } from './word-connect.js';

// The spec §3 fields the import computes or carries beyond the basic shape: manual_mark, origin_id, card_learn,
// passage.word_connect, book tailor and hide; and the rules between books and questions it enforces.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await userWithToken(t.deps.database.db, { isAdmin: true })).token;
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const view = async (id: string) =>
  (await t.call(questionCalls.get, { ids: [id] }, { token: admin })).data.questions[0]!;
const wordConnectOf = async (id: string) =>
  (await db().select({ w: passages.wordConnect }).from(passages).where(eq(passages.id, id)))[0]?.w;

/** A passage using the package's GRE words: abate as 'abated', laconic twice, and both spellings of polish. */
const WORDY =
  'The storm abated before dawn, and the laconic captain wrote only two words in the log. Laconic entries were common then. Polish sailors would polish the brass while the wind abated.';

/** A reading explanation citing WORDY, as the content check wants. */
const cites = {
  analysis: {
    text: '"the laconic captain wrote only two words" 可知，选 C。',
    key_words: [],
    synonyms: [],
    antonyms: [],
  },
};

describe('question authoring fields', () => {
  it('stores manual_mark, origin_id and card_learn and sends them with topic_id', async () => {
    const synonyms = { text: '**答案**：B（scathing）', key_words: [], synonyms: ['scathing 尖刻的'], antonyms: [] };
    await importPackage(
      db(),
      pkg({
        'bank/a.json': {
          questions: [
            tc1('q-f-origin'),
            tc1('q-f-adapted', { origin_id: 'q-f-origin', manual_mark: { highlight: true }, analysis: synonyms }),
            tc1('q-f-nocard', { analysis: synonyms, card_learn: false }),
          ],
        },
      }),
    );
    expect(await view('q-f-adapted')).toMatchObject({
      origin_id: 'q-f-origin',
      manual_mark: { highlight: true, needs_fix: false },
      card_learn: true,
    });
    // Every stored question gets its own discussion thread number.
    const topic = (await view('q-f-adapted')).topic_id;
    expect(topic).toEqual(expect.any(Number));
    expect((await view('q-f-origin')).topic_id).not.toBe(topic);
    expect(await view('q-f-origin')).toMatchObject({
      origin_id: null,
      manual_mark: { highlight: false, needs_fix: false },
      card_learn: false,
    });
    expect((await view('q-f-nocard')).card_learn).toBe(false);
  });

  it('marks the sent answer and analysis as accessable and shown', async () => {
    const q = await view('q-f-origin');
    expect(q.standard_answer).toMatchObject({ selects: ['B'], accessable: true });
    expect(q.analysis).toMatchObject({ show: true });
  });
});

describe('rules between questions and books at import', () => {
  const problemsOf = async (files: ReturnType<typeof pkg>) =>
    (await t.call(contentCalls.dryRun, { files }, { token: admin })).data.problems;
  const has = (problems: ContentProblem[], file: string, path: string, text: RegExp) =>
    problems.some((p) => p.file === file && p.path === path && text.test(p.message));

  it('refuses a prevent book listing a visible question, a prevent question listed elsewhere, and unknown origins', async () => {
    const before = await countRows(db());
    const files = pkg({
      'bank/p.json': {
        questions: [
          tc1('q-p-und', { visibility: 'underground' }),
          tc1('q-p-pub'),
          tc1('q-p-orphan', { origin_id: 'q-p-nowhere' }),
          tc1('q-p-self', { origin_id: 'q-p-self' }),
        ],
      },
      'books/p.json': {
        books: [
          book('b-p-prevent', ['q-p-und', 'q-p-pub', 'q-f-origin'], { access: 'prevent', grants_underground: true }),
          book('b-p-free', ['q-p-und'], { grants_underground: true }),
          book('b-p-nogrant', ['q-p-und'], { access: 'prevent' }),
        ],
      },
    });
    const problems = await problemsOf(files);
    expect(
      has(
        problems,
        'books/p.json',
        '/books/0/sections/0/question_ids/1',
        /'q-p-pub' is public: a prevent book lists underground questions only/,
      ),
    ).toBe(true);
    // q-f-origin is in the bank already (public): the database answers for it.
    expect(has(problems, 'books/p.json', '/books/0/sections/0/question_ids/2', /'q-f-origin' is public/)).toBe(true);
    expect(
      has(problems, 'books/p.json', '/books/1/sections/0/question_ids/0', /belongs to the prevent book b-p-prevent/),
    ).toBe(true);
    expect(has(problems, 'books/p.json', '/books/2/grants_underground', /must grant them/)).toBe(true);
    expect(has(problems, 'bank/p.json', '/questions/2/origin_id', /'q-p-nowhere' exists neither/)).toBe(true);
    expect(has(problems, 'bank/p.json', '/questions/3/origin_id', /names the question itself/)).toBe(true);
    expect((await t.call(contentCalls.import, { files }, { token: admin })).err?.kind).toBe('invalid_input');
    expect(await countRows(db())).toEqual(before);
  });

  it('imports tailor flags and hide; a hidden book stays off the learners list', async () => {
    await importPackage(
      db(),
      pkg({
        'books/h.json': {
          books: [
            book('b-h-flag', ['q-f-origin'], { hide: true, tailor: { common: true } }),
            book('b-h-access', ['q-f-origin'], { access: 'hide' }),
          ],
        },
      }),
    );
    const rows = await db()
      .select({ id: bookTemplates.id, hide: bookTemplates.hide, tailor: bookTemplates.tailor })
      .from(bookTemplates)
      .orderBy(bookTemplates.id);
    expect(rows.filter((r) => r.id.startsWith('b-h-'))).toEqual([
      { id: 'b-h-access', hide: true, tailor: { custom: false, common: false } },
      { id: 'b-h-flag', hide: true, tailor: { custom: false, common: true } },
    ]);
    const learner = (await userWithToken(db(), { roleKind: 'SVIP' })).token;
    expect(
      (await t.call(bookCalls.list, { kind: 'pick' }, { token: learner })).data.books.map((b) => b.id),
    ).not.toContain('b-h-flag');
    const staff = (await t.call(bookCalls.list, { kind: 'pick' }, { token: admin })).data.books;
    expect(staff.find((b) => b.id === 'b-h-flag')).toMatchObject({
      hide: true,
      tailor: { custom: false, common: true },
    });
  });
});

describe('passage.word_connect', () => {
  it('connects the GRE words of a passage to their word questions, with the forms the text uses', async () => {
    await importPackage(
      db(),
      pkg({
        'bank/r.json': {
          passages: [passage('p-w-1', { text: WORDY })],
          questions: [rcSingle('q-w-1', 'p-w-1', cites)],
        },
        'words/gre-words.csv': WORDS_CSV,
      }),
    );
    expect(await wordConnectOf('p-w-1')).toEqual([
      { id: wordQuestionId('abate'), headword: 'abate', forms: ['abated'] },
      { id: wordQuestionId('laconic'), headword: 'laconic', forms: ['laconic'] },
      { id: wordQuestionId('Polish'), headword: 'Polish', forms: ['polish'] },
    ]);
    expect((await view('q-w-1')).passage?.word_connect.map((w) => w.headword)).toEqual(['abate', 'laconic', 'Polish']);
  });

  it('connects only words the bank holds, and catches up when the words arrive after the passage', async () => {
    await importPackage(
      db(),
      pkg({
        'bank/r.json': {
          passages: [passage('p-w-2', { text: WORDY.replace(/abated/g, 'subsided') })],
          questions: [rcSingle('q-w-2', 'p-w-2', cites)],
        },
      }),
    );
    // laconic is a word of the bank since the test above; 'abate' no longer occurs; the shipped list's 'Polish' is
    // tagged as school vocabulary (高考, CET-4), so without this package's own entry it is not pointed at.
    expect((await wordConnectOf('p-w-2'))?.map((w) => w.headword)).toEqual(['laconic']);
    const wane = `wane,wein,,"vi. 衰退, 减少",v. grow smaller,gre,,,14000,13000,d:waned/p:waned/i:waning/3:wanes`;
    await importPackage(
      db(),
      pkg({
        'bank/r.json': {
          passages: [passage('p-w-3', { text: `${WORDY} The light waned.` })],
          questions: [rcSingle('q-w-3', 'p-w-3', cites)],
        },
      }),
    );
    expect((await wordConnectOf('p-w-3'))?.map((w) => w.headword)).toEqual(['abate', 'laconic']);
    await importPackage(db(), pkg({ 'words/more.csv': `${WORDS_CSV}\r\n${wane}` }));
    expect((await wordConnectOf('p-w-3'))?.at(-1)).toEqual({
      id: wordQuestionId('wane'),
      headword: 'wane',
      forms: ['waned'],
    });
  });
});

describe('connectWords', () => {
  const forms = greForms([
    {
      word: 'abate',
      exchange: [
        { kind: 'p', word: 'abated' },
        { kind: '0', word: 'ignored' },
      ],
    },
    { word: 'Polish', exchange: [] },
    { word: 'a priori', exchange: [] },
  ]);

  it('matches headwords and inflected forms case-insensitively, capitalised headwords exactly, never phrases', () => {
    const all = () => true;
    expect(connectWords('Abated, it ABATE. Polish polish a priori ignored.', forms, all)).toEqual([
      { id: wordQuestionId('abate'), headword: 'abate', forms: ['abated', 'abate'] },
      { id: wordQuestionId('Polish'), headword: 'Polish', forms: ['polish'] },
    ]);
    expect(connectWords('It abated.', forms, () => false)).toEqual([]);
  });

  it('leaves out list words a student knows before the GRE (中考, 高考, CET-4 tags)', () => {
    const tagged = greForms([
      { word: 'down', exchange: [], tags: ['zk', 'gk', 'toefl', 'gre'] },
      { word: 'tissue', exchange: [{ kind: 's', word: 'tissues' }], tags: ['gk', 'cet4', 'gre'] },
      { word: 'juvenile', exchange: [], tags: ['ky', 'toefl', 'ielts', 'gre'] },
    ]);
    expect(connectWords('Juvenile tissues drift down.', tagged, () => true).map((w) => w.headword)).toEqual([
      'juvenile',
    ]);
  });
});
