import { questionCalls, userCalls, wordCalls, type WordDetail } from '@gre/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { dialogStore } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, sentBody, type FakeReply } from '../../test-utils';
import { bankQuestion } from '../questions/test-utils/content-bank';
import { englishVoice } from '../../components/use-speech';
import { cleanUpAfterEach, makeDetail } from './test-utils/word-fixtures';
import { bookIdOf, pageOf } from './wordbook-page';

const b = zh.words.book;

beforeAll(async () => {
  await import('./wordbook-page');
}, 60_000);

cleanUpAfterEach();

const LACONIC = makeDetail('laconic', {
  phonetic: "lә'kɒnik",
  gre_senses: ['a. 简洁的（言简意赅）'],
  senses: ['a. 简明的', 'a. 精练的'],
  definition: ['brief and to the point'],
  forms: [{ kind: 'r', word: 'more laconic' }],
  synonyms: ['terse'],
  antonyms: ['verbose'],
  examples: [{ question_id: 'q-tc1-001', sentence: 'Her laconic reply ended the talk.', highlight: [4, 11] }],
  band: 2,
});

/** 24 plain words after laconic, so the book runs over two pages. */
const WORDS: WordDetail[] = [LACONIC, ...Array.from({ length: 24 }, (_, i) => makeDetail(`word${i + 1}`))];

function serve(words: WordDetail[] = WORDS, reply?: () => FakeReply<typeof wordCalls.getDetailsByBook>) {
  setToken('t'.repeat(43));
  let rows = words.map((w) => ({ ...w }));
  const brief = () => ({
    id: 5,
    name: '阅读生词',
    word_count: rows.length,
    simple_count: rows.filter((w) => w.simple).length,
    created_at: '2026-11-20T08:00:00.000Z',
  });
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(
      wordCalls.getDetailsByBook,
      reply ??
        ((req): FakeReply<typeof wordCalls.getDetailsByBook> => {
          if (req.book_id !== 5) return { kind: 'not_found' };
          const { page = 1, page_size: size = 20 } = req;
          return { data: { book: brief(), words: rows.slice((page - 1) * size, page * size), total: rows.length } };
        }),
    ),
    fake(wordCalls.markSimple, (req) => {
      rows = rows.map((w) => (w.word === req.word ? { ...w, simple: req.simple } : w));
      return { data: { book: brief(), word: req.word, simple: req.simple } };
    }),
    fake(wordCalls.delete, (req) => {
      const before = rows.length;
      rows = rows.filter((w) => !req.words.includes(w.word));
      return { data: { book: brief(), removed: before - rows.length } };
    }),
    fake(questionCalls.wordLookup, (req) => ({ data: { query: req.word, found: false, parts: [], entries: [] } })),
    fake(questionCalls.get, () => ({ data: { questions: [bankQuestion('q-tc1-001')] } })),
  );
}

const bodies = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const wordCard = async (word: string) => screen.findByRole('article', { name: word });

describe('/wordbook/{bookID}', { timeout: 60_000 }, () => {
  it("shows each word's phonetic, GRE senses first, definitions, forms, related words and bank sentences", async () => {
    const fetch = serve();
    renderApp('/wordbook/5');
    expect(await screen.findByRole('heading', { name: '阅读生词' })).toBeTruthy();
    expect(screen.getByText(b.summary(25, 0))).toBeTruthy();
    const card = await wordCard('laconic');
    expect(within(card).getByText("/lә'kɒnik/")).toBeTruthy();
    expect(within(card).getByText(b.band(2))).toBeTruthy();
    const senses = within(within(card).getByRole('region', { name: b.senses })).getAllByRole('listitem');
    expect(senses.map((li) => li.textContent)).toEqual([
      `${zh.words.greSense}a. 简洁的（言简意赅）`,
      'a. 简明的',
      'a. 精练的',
    ]);
    expect(within(card).getByText('brief and to the point')).toBeTruthy();
    expect(within(card).getByRole('button', { name: `${b.formKinds.r} more laconic` })).toBeTruthy();
    const mark = within(card).getByText('laconic', { selector: 'mark' });
    expect(mark.parentElement?.textContent).toBe('Her laconic reply ended the talk.');
    // No speech synthesis here: no pronounce button.
    expect(within(card).queryByRole('button', { name: b.pronounce('laconic') })).toBeNull();
    expect(bodies(fetch, wordCalls.getDetailsByBook.path)).toEqual([{ book_id: 5, page: 1, page_size: 20 }]);

    await userEvent.click(within(card).getByRole('button', { name: 'terse' }));
    expect(await screen.findByRole('dialog', { name: zh.words.popoverLabel('terse') })).toBeTruthy();
    await waitFor(() => expect(bodies(fetch, questionCalls.wordLookup.path)).toEqual([{ word: 'terse' }]));

    await userEvent.click(within(card).getByRole('button', { name: b.openQuestionOf('laconic', 1) }));
    expect(await screen.findByRole('dialog', { name: zh.words.viewer.title('laconic') })).toBeTruthy();
    await waitFor(() => expect(bodies(fetch, questionCalls.get.path)).toEqual([{ ids: ['q-tc1-001'] }]));
  });

  it('reads a word aloud with an English voice where the browser has one', async () => {
    const speak = vi.fn();
    const voices = [
      { lang: 'zh-CN', name: 'Ting' },
      { lang: 'en-GB', name: 'Daniel' },
    ] as SpeechSynthesisVoice[];
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => voices,
      speak,
      cancel: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        voice: SpeechSynthesisVoice | null = null;
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    serve();
    renderApp('/wordbook/5');
    await userEvent.click(within(await wordCard('laconic')).getByRole('button', { name: b.pronounce('laconic') }));
    expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'laconic', lang: 'en-GB', voice: voices[1] }));
  });

  it('marks a word too easy and back, and the book refreshes', async () => {
    const fetch = serve();
    renderApp('/wordbook/5');
    const card = await wordCard('laconic');
    await userEvent.click(within(card).getByRole('button', { name: new RegExp(`${b.markSimple}$`) }));
    expect(await screen.findByText(b.markedSimple('laconic'))).toBeTruthy();
    expect(await screen.findByText(b.summary(25, 1))).toBeTruthy();
    expect(within(await wordCard('laconic')).getByText(b.simpleTag)).toBeTruthy();
    await userEvent.click(within(await wordCard('laconic')).getByRole('button', { name: new RegExp(b.unmarkSimple) }));
    await waitFor(() =>
      expect(bodies(fetch, wordCalls.markSimple.path)).toEqual([
        { book_id: 5, word: 'laconic', simple: true },
        { book_id: 5, word: 'laconic', simple: false },
      ]),
    );
  });

  it('removes a word after its confirm', async () => {
    const fetch = serve();
    renderApp('/wordbook/5');
    await userEvent.click(within(await wordCard('laconic')).getByRole('button', { name: b.removeOf('laconic') }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText(b.removeConfirm('laconic'))).toBeTruthy();
    await userEvent.click(within(pop).getByRole('button', { name: b.remove }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'laconic' })).toBeNull());
    expect(bodies(fetch, wordCalls.delete.path)).toEqual([{ book_id: 5, words: ['laconic'] }]);
    expect(screen.getByText(b.summary(24, 0))).toBeTruthy();
  });

  it('pages through the book with the page in the URL', async () => {
    const fetch = serve();
    const { router } = renderApp('/wordbook/5');
    await wordCard('word19');
    expect(screen.queryByRole('article', { name: 'word20' })).toBeNull();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(await wordCard('word24')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(bodies(fetch, wordCalls.getDetailsByBook.path).at(-1)).toEqual({ book_id: 5, page: 2, page_size: 20 });
  });

  it('makes a deck of the book through the create-flash dialog', async () => {
    serve();
    renderApp('/wordbook/5');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`${b.createFlash}$`) }));
    expect(dialogStore.get()).toEqual({ kind: 'create_flash', range_kind: 6, scope: '5' });
  });

  it('an empty book says how to fill it', async () => {
    serve([]);
    const { router } = renderApp('/wordbook/5');
    expect(await screen.findByText(b.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(`${b.createFlash}$`) }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: b.emptyAction }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise_list'));
  });

  it("another learner's or an unknown book is not found, with the way back to /word", async () => {
    const fetch = serve();
    const { router } = renderApp('/wordbook/6');
    expect(await screen.findByText(b.notFoundTitle)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(b.back) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/word'));

    await router.navigate('/wordbook/abc');
    expect(await screen.findByText(b.notFoundTitle)).toBeTruthy();
    expect(bodies(fetch, wordCalls.getDetailsByBook.path)).toEqual([{ book_id: 6, page: 1, page_size: 20 }]);
  });
});

describe('word book rules', () => {
  it('reads the book id and page of the URL', () => {
    expect(bookIdOf('12')).toBe(12);
    expect(['0', '-1', 'abc', '1.5', '01', '', undefined, '9'.repeat(17)].map(bookIdOf)).toEqual(Array(8).fill(null));
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOf(new URLSearchParams('page=0'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=x'))).toBe(1);
  });

  it('prefers an American, then a British English voice', () => {
    const v = (lang: string) => ({ lang }) as SpeechSynthesisVoice;
    expect(englishVoice([v('zh-CN')])).toBeNull();
    expect(englishVoice([v('en-AU'), v('en_GB'), v('en-US')])?.lang).toBe('en-US');
    expect(englishVoice([v('en-AU'), v('en-GB')])?.lang).toBe('en-GB');
    expect(englishVoice([v('fr-FR'), v('en-IN')])?.lang).toBe('en-IN');
  });
});
