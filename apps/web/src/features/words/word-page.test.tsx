import { flashCalls, questionCalls, userCalls, wordCalls, type WordInfos, type WordMet } from '@gre/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog, dialogStore } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { bankQuestion } from '../questions/test-utils/content-bank';
import { bookNameProblem } from './word-books-card';
import { cleanUpAfterEach, makeBook, makeFlash, makeMet, REVIEW_DUE } from './test-utils/word-fixtures';
import { findWord } from './word-sentence';

const p = zh.words.page;

beforeAll(async () => {
  await import('./word-page');
}, 60_000);

cleanUpAfterEach();

const BOOKS = [
  makeBook({ id: 1, name: '我的生词本', simple_count: 1 }, ['laconic', 'go']),
  makeBook({ id: 2, name: '阅读' }, ['reef']),
];
const DECKS = [
  makeFlash({ id: 3, name: '我的生词本 · 20 词' }, 5, 20),
  makeFlash({ id: 4, name: 'GRE 第 1 频段', status: 'Finish', range_kind: 7 }, 20, 20),
];
const MET: WordMet[] = [
  makeMet('laconic', 'His Laconic reply said it all.', { count: 2 }),
  makeMet('reef', 'The coral reefs thrived.', { question_id: 'q-tc1-001' }),
  makeMet('hardy', 'Hardy plants survive.'),
];

interface Setup {
  books?: WordInfos['books'];
  decks?: typeof DECKS;
  met?: WordMet[];
  metPage?: number;
  due?: typeof REVIEW_DUE;
}

function serve({ books = BOOKS, decks = DECKS, met = MET, metPage = 2, due = REVIEW_DUE }: Setup = {}) {
  setToken('t'.repeat(43));
  let rows = books.map((b) => ({ ...b }));
  const q = bankQuestion('q-tc1-001');
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(wordCalls.getAll, () => ({ data: { books: rows } })),
    fake(wordCalls.deleteBook, (b) => {
      rows = rows.filter((x) => x.id !== b.book_id);
      return { data: { deleted: true } };
    }),
    fake(wordCalls.merge, (b) => {
      const from = rows.find((x) => x.id === b.from_id)!;
      const into = rows.find((x) => x.id === b.into_id)!;
      const words = [...into.words, ...from.words.filter((w) => !into.words.some((i) => i.word === w.word))];
      const merged = { ...into, words, word_count: words.length };
      rows = rows.filter((x) => x.id !== from.id).map((x) => (x.id === into.id ? merged : x));
      const { words: _w, ...book } = merged;
      return { data: { book, moved: from.words.length } };
    }),
    fake(wordCalls.createBook, (b) => {
      const book = makeBook({ id: 9, name: b.name });
      rows = [...rows, book];
      const { words: _w, ...brief } = book;
      return { data: { book: brief } };
    }),
    fake(wordCalls.bands, () => ({
      data: { bands: [1, 2, 3, 4, 5].map((band) => ({ band, count: band * 100, mastered: band === 1 ? 30 : 0 })) },
    })),
    fake(wordCalls.met, ({ page = 1 }) => ({
      data: { items: met.slice((page - 1) * metPage, page * metPage), total: met.length },
    })),
    fake(flashCalls.list, () => ({ data: { flashes: decks } })),
    fake(flashCalls.reviewDue, () => ({ data: due })),
    fake(questionCalls.get, () => ({ data: { questions: [q] } })),
  );
}

/** A button's name after its icon's ("plus 新建生词本"). */
const named = (label: string) => new RegExp(`${label}$`);
const bodies = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const row = (within_: HTMLElement, text: string) =>
  within(within_).getByText(text).closest('.ant-list-item') as HTMLElement;

describe('/word', { timeout: 60_000 }, () => {
  it('shows the coins, due reviews, decks, word books, bands and words met from the calls', async () => {
    serve();
    const { router } = renderApp('/word');
    expect(await screen.findByLabelText(`${p.coins.label} 120 ${p.coins.unit}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: zh.pay.upgrade.buyFlash })).toBeTruthy();
    expect(await screen.findByLabelText(`${p.due.label} 12 ${p.due.unit}`)).toBeTruthy();
    expect(screen.getByText(p.due.more(18))).toBeTruthy();

    const decks = card(p.decks.title);
    expect(await within(decks).findByText('我的生词本 · 20 词')).toBeTruthy();
    expect(within(decks).getByText(`${p.decks.mastered(5, 20)} · ${p.decks.rounds(1)}`)).toBeTruthy();
    expect(within(row(decks, 'GRE 第 1 频段')).getByText(p.decks.status.Finish!)).toBeTruthy();

    const books = card(p.books.title);
    expect(await within(books).findByText(p.books.summary(2, 1))).toBeTruthy();
    expect(within(books).getByRole('link', { name: '阅读' }).getAttribute('href')).toBe('/wordbook/2');

    const bands = card(p.bands.title);
    expect(await within(bands).findByText(p.bands.summary(100, 30))).toBeTruthy();
    expect(within(bands).getByText(p.bands.band(5))).toBeTruthy();

    const met = card(p.met.title);
    const mark = await within(met).findByText('Laconic', { selector: 'mark' });
    expect(mark.parentElement?.textContent).toBe('His Laconic reply said it all.');
    expect(within(met).getByText(p.met.times(2))).toBeTruthy();

    await userEvent.click(
      within(decks).getByRole('button', { name: p.decks.actionOf(p.decks.resume, '我的生词本 · 20 词') }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/flash/3'));
  });

  it('every 建卡组 opens the create-flash dialog preset to its source and scope', async () => {
    serve();
    renderApp('/word');
    const expectDialog = async (name: string | RegExp, range_kind: number, scope: string) => {
      await userEvent.click(await screen.findByRole('button', { name }));
      expect(dialogStore.get()).toEqual({ kind: 'create_flash', range_kind, scope });
      act(() => closeDialog());
    };
    await expectDialog(p.books.actionOf(p.books.createFlash, '阅读'), 6, '2');
    await expectDialog(`${p.bands.createFlash}：${p.bands.band(3)}`, 7, '3');
    await expectDialog(named(p.met.createFlash), 9, '');
    await expectDialog(named(p.due.start), 10, '');
  });

  it('deletes a book only after the confirm, and the list refreshes', async () => {
    const fetch = serve();
    renderApp('/word');
    const remove = p.books.actionOf(p.books.remove, '阅读');
    await userEvent.click(await screen.findByRole('button', { name: remove }));
    let confirm = await screen.findByRole('dialog', { name: p.books.removeTitle });
    expect(within(confirm).getByText(p.books.removeBody('阅读', 1))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: zh.common.cancel }));
    expect(bodies(fetch, wordCalls.deleteBook.path)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: remove }));
    confirm = (await screen.findAllByRole('dialog', { name: p.books.removeTitle })).at(-1)!;
    await userEvent.click(within(confirm).getByRole('button', { name: p.books.remove }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '阅读' })).toBeNull());
    expect(bodies(fetch, wordCalls.deleteBook.path)).toEqual([{ book_id: 2 }]);
    expect(await screen.findByText(p.books.removed('阅读'))).toBeTruthy();
  });

  it('says the default book comes back when it is deleted', async () => {
    serve();
    renderApp('/word');
    await userEvent.click(await screen.findByRole('button', { name: p.books.actionOf(p.books.remove, '我的生词本') }));
    const confirm = await screen.findByRole('dialog', { name: p.books.removeTitle });
    expect(within(confirm).getByText(p.books.removeDefault('我的生词本'))).toBeTruthy();
  });

  it('merges a book into the one picked, after saying what will happen, and refreshes', async () => {
    const fetch = serve();
    renderApp('/word');
    await userEvent.click(await screen.findByRole('button', { name: p.books.actionOf(p.books.merge, '阅读') }));
    const dialog = await screen.findByRole('dialog', { name: p.books.mergeTitle('阅读') });
    // The only other book is picked already; the dialog says what the merge does before anything is sent.
    expect(within(dialog).getByText(p.books.mergeBody('阅读', '我的生词本'))).toBeTruthy();
    expect(bodies(fetch, wordCalls.merge.path)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: p.books.merge }));
    await waitFor(() => expect(bodies(fetch, wordCalls.merge.path)).toEqual([{ from_id: 2, into_id: 1 }]));
    expect(await screen.findByText(p.books.merged(1, '我的生词本'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: '阅读' })).toBeNull());
    expect(await screen.findByText(p.books.summary(3, 1))).toBeTruthy();
  });

  it('with several books, merges into the one picked from the list', async () => {
    const fetch = serve({ books: [...BOOKS, makeBook({ id: 5, name: '数学' }, ['sum'])] });
    renderApp('/word');
    await userEvent.click(await screen.findByRole('button', { name: p.books.actionOf(p.books.merge, '数学') }));
    const dialog = await screen.findByRole('dialog', { name: p.books.mergeTitle('数学') });
    const ok = within(dialog).getByRole('button', { name: p.books.merge });
    expect(ok.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('combobox', { name: p.books.mergeInto }));
    await userEvent.click(await screen.findByTitle(`阅读（${p.books.summary(1, 0)}）`));
    expect(within(dialog).getByText(p.books.mergeBody('数学', '阅读'))).toBeTruthy();
    await userEvent.click(ok);
    await waitFor(() => expect(bodies(fetch, wordCalls.merge.path)).toEqual([{ from_id: 5, into_id: 2 }]));
    await waitFor(() => expect(screen.queryByRole('link', { name: '数学' })).toBeNull());
  });

  it('offers no merge with a single book', async () => {
    serve({ books: [BOOKS[0]!] });
    renderApp('/word');
    expect(await screen.findByRole('link', { name: '我的生词本' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: p.books.actionOf(p.books.merge, '我的生词本') })).toBeNull();
  });

  it('makes a book with a new name of at most 20 characters', async () => {
    const fetch = serve();
    renderApp('/word');
    await userEvent.click(await screen.findByRole('button', { name: named(p.books.create) }));
    const dialog = await screen.findByRole('dialog', { name: p.books.create });
    const input = within(dialog).getByRole('textbox');
    await userEvent.type(input, '阅读');
    await userEvent.click(within(dialog).getByRole('button', { name: p.books.create }));
    expect(await within(dialog).findByText(p.books.nameTaken)).toBeTruthy();
    expect(bodies(fetch, wordCalls.createBook.path)).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '  填空  ');
    await userEvent.click(within(dialog).getByRole('button', { name: p.books.create }));
    await waitFor(() => expect(bodies(fetch, wordCalls.createBook.path)).toEqual([{ name: '填空' }]));
    expect(await screen.findByRole('link', { name: '填空' })).toBeTruthy();
  });

  it('loads the words met a page at a time and opens their question in review', async () => {
    const fetch = serve();
    renderApp('/word');
    const met = await waitFor(() => card(p.met.title));
    expect(await within(met).findByText(p.met.total(3))).toBeTruthy();
    expect(within(met).queryByText('hardy')).toBeNull();
    await userEvent.click(within(met).getByRole('button', { name: p.met.more }));
    expect(await within(met).findByText('hardy')).toBeTruthy();
    expect(within(met).queryByRole('button', { name: p.met.more })).toBeNull();
    expect(bodies(fetch, wordCalls.met.path)).toEqual([{ page: 1 }, { page: 2 }]);

    await userEvent.click(within(met).getByRole('button', { name: p.met.openOf('reef') }));
    expect(await screen.findByRole('dialog', { name: zh.words.viewer.title('reef') })).toBeTruthy();
    await waitFor(() => expect(bodies(fetch, questionCalls.get.path)).toEqual([{ ids: ['q-tc1-001'] }]));
  });

  it('with nothing yet: empty decks, books and words met, and no review to start', async () => {
    serve({ books: [], decks: [], met: [], due: { ...REVIEW_DUE, due_today: 0, due_total: 0, next_due_stamp: null } });
    renderApp('/word');
    expect(await screen.findByText(p.decks.empty)).toBeTruthy();
    expect(await screen.findByText(p.books.empty)).toBeTruthy();
    expect(await screen.findByText(p.met.empty)).toBeTruthy();
    expect(await screen.findByText(p.due.none)).toBeTruthy();
    expect(screen.getByRole('button', { name: named(p.due.start) }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: named(p.met.createFlash) }).hasAttribute('disabled')).toBe(true);
  });
});

describe('word page rules', () => {
  it('finds the word met in its sentence whole, in any case, with an ending', () => {
    expect(findWord('His Laconic reply', 'laconic')).toEqual([4, 11]);
    expect(findWord('The coral reefs thrived.', 'reef')).toEqual([10, 15]);
    expect(findWord('A thoroughfare', 'rough')).toBeNull();
    expect(findWord('a (b) c', '(b)')).toEqual([2, 5]);
    expect(findWord('She studied it.', 'study')).toEqual([4, 11]);
    expect(findWord('Making do', 'make')).toEqual([0, 6]);
    expect(findWord('He went home.', 'go')).toBeNull();
  });

  it('refuses an empty, long or taken book name', () => {
    expect(bookNameProblem('   ', [])).toBe(p.books.nameRequired);
    expect(bookNameProblem('字'.repeat(21), [])).toBe(p.books.nameTooLong(20));
    expect(bookNameProblem(' 阅读 ', ['阅读'])).toBe(p.books.nameTaken);
    expect(bookNameProblem('字'.repeat(20), ['阅读'])).toBeNull();
  });
});
