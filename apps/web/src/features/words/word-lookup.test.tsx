import { questionCalls, wordCalls, type WordLookup } from '@gre/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, sentBody } from '../../test-utils';
import { RichText } from '../questions';
import { useWordClick, WordLookupProvider } from './index';

const c = zh.words;

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const entries: Record<string, WordLookup> = {
  went: {
    query: 'went',
    headword: 'go',
    form_of: 'p',
    phonetic: 'gəu',
    translation: ['vi. 去, 走', 'n. 尝试'],
    definition: [],
    forms: [{ kind: 'p', word: 'went' }],
    gre: false,
    question_id: null,
  },
  laconic: {
    query: 'laconic',
    headword: 'laconic',
    form_of: null,
    phonetic: "lә'kɒnik",
    translation: ['a. 简洁的, 简明的'],
    definition: ['brief and to the point'],
    forms: [],
    gre: true,
    question_id: 'w-laconic',
  },
};
entries.goes = { ...entries.went!, query: 'goes', form_of: '3' };

const book = { id: 4, name: '我的生词本', word_count: 1, simple_count: 0, created_at: '2026-11-01T08:00:00.000Z' };

/** The app's providers with a logged-in learner whose one book holds `laconic`; records every call. */
function setup({
  loggedIn = true,
  infos = { books: [{ ...book, words: [{ word: 'laconic', simple: false }] }] },
} = {}) {
  if (loggedIn) {
    setToken('t0ken');
    queryClient.setQueryData(queryKeys.currentUser, makeUser());
  }
  const fetch = fakeServer(
    fake(wordCalls.getAll, () => ({ data: infos })),
    fake(questionCalls.wordLookup, (body) => {
      const hit = entries[body.word];
      return hit ? { data: hit } : { kind: 'not_found' };
    }),
    fake(wordCalls.addWords, (body) => ({
      data: { book: { ...book, word_count: 2 }, added: 1, words: body.words, unknown: [] },
    })),
  );
  const onChoose = vi.fn();
  function Passage() {
    const onWordClick = useWordClick();
    return (
      <>
        <RichText
          lang="en"
          text="The laconic explorers went north; nobody goes there, said Zzyzx."
          onWordClick={onWordClick}
        />
        <button type="button" onClick={onChoose}>
          <RichText inline lang="en" text="laconic" onWordClick={onWordClick} />
        </button>
        <p>outside</p>
      </>
    );
  }
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <WordLookupProvider>
        <Passage />
      </WordLookupProvider>
    </AppProviders>,
  );
  const calls = (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
  return { ...utils, user: userEvent.setup(), calls, onChoose };
}

describe('click a word', () => {
  it('loads the word infos once, shows the entry of an inflected form and adds its headword to the word book', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(calls('/api/word/get_all')).toHaveLength(1));
    await user.click(screen.getByText('went'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('went') });
    expect(await within(card).findByText('go')).toBeTruthy();
    expect(within(card).getByText('/gəu/')).toBeTruthy();
    expect(within(card).getByText(`${c.formOf('went', 'go')}（过去式）`)).toBeTruthy();
    expect(within(card).getByText('vi. 去, 走')).toBeTruthy();
    expect(within(card).queryByText(c.gre)).toBeNull();
    expect(calls('/api/word/lookup')).toEqual([{ word: 'went' }]);

    await user.click(within(card).getByRole('button', { name: new RegExp(c.add) }));
    expect(await within(card).findByText(c.inBook)).toBeTruthy();
    expect(calls('/api/word/add_words')).toEqual([{ words: ['go'] }]);
    expect(within(card).queryByRole('button', { name: new RegExp(c.add) })).toBeNull();

    // Another form of the same headword now reads as already in the book, from the cache: no second add, no reload.
    await user.click(screen.getByText('goes'));
    const again = await screen.findByRole('dialog', { name: c.popoverLabel('goes') });
    expect(await within(again).findByText(c.inBook)).toBeTruthy();
    expect(within(again).getByText(`${c.formOf('goes', 'go')}（第三人称单数）`)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: c.popoverLabel('went') })).toBeNull();
    expect(calls('/api/word/get_all')).toHaveLength(1);
    expect(calls('/api/word/add_words')).toHaveLength(1);
  });

  it('marks GRE words and words already in a book; the click inside an answer choice does not choose it', async () => {
    const { user, calls, onChoose } = setup();
    await waitFor(() => expect(calls('/api/word/get_all')).toHaveLength(1));
    await user.click(within(screen.getByRole('button', { name: 'laconic' })).getByText('laconic'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('laconic') });
    expect(await within(card).findByText(c.gre)).toBeTruthy();
    expect(within(card).getByText(c.inBook)).toBeTruthy();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('says so kindly when the dictionary has no entry, and closes on Esc and on a press outside', async () => {
    const { user } = setup();
    await user.click(screen.getByText('Zzyzx'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('Zzyzx') });
    expect(await within(card).findByText(c.notFound('Zzyzx'))).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByText('north'));
    expect(await screen.findByRole('dialog', { name: c.popoverLabel('north') })).toBeTruthy();
    await user.click(screen.getByText('outside'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getAllByText('laconic')[0]!);
    const closeable = await screen.findByRole('dialog', { name: c.popoverLabel('laconic') });
    await user.click(within(closeable).getByRole('button', { name: c.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves words plain and calls nothing until the user is known', async () => {
    const { container, calls } = setup({ loggedIn: false });
    expect(container.querySelector('.gq-words')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/api/word/get_all')).toHaveLength(0);
    expect(calls('/api/user/get')).toHaveLength(0);
  });
});
