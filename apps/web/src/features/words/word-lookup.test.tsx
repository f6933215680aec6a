import { questionCalls, wordCalls, type DictionaryEntry, type WordLookup } from '@gre/contracts';
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

/** One entry of a look-up answer, plain unless told. */
function entry(word: string, headword: string, more: Partial<DictionaryEntry> = {}): DictionaryEntry {
  return {
    word,
    headword,
    relation: null,
    phonetic: '',
    gre_senses: [],
    translation: [],
    definition: [],
    forms: [],
    gre: false,
    question_id: null,
    ...more,
  };
}

const found = (query: string, ...list: DictionaryEntry[]): WordLookup => ({
  query,
  found: true,
  parts: [],
  entries: list,
});

const go = { phonetic: 'gəu', translation: ['vi. 去, 走', 'n. 尝试'], forms: [{ kind: 'p', word: 'went' }] };
const hardy = entry('hardier', 'hardy', {
  relation: 'comparative',
  phonetic: "'hɑ:di",
  gre: true,
  question_id: 'w-hardy',
  gre_senses: ['a. 耐寒的；强壮的，能吃苦耐劳的'],
  translation: ['a. 难的, 艰苦的, 坚硬的, 勇敢的', 'adv. 努力地, 辛苦地, 坚硬地'],
});
const entries: Record<string, WordLookup> = {
  went: found('went', entry('went', 'go', { ...go, relation: 'past' })),
  goes: found('goes', entry('goes', 'go', { ...go, relation: 'third_person' })),
  laconic: found(
    'laconic',
    entry('laconic', 'laconic', {
      phonetic: "lә'kɒnik",
      translation: ['a. 简洁的, 简明的'],
      definition: ['brief and to the point'],
      gre: true,
      question_id: 'w-laconic',
    }),
  ),
  hardier: found('hardier', hardy),
  acclimatization: found(
    'acclimatization',
    entry('acclimatization', 'acclimate', { relation: 'noun', gre: true, translation: ['vt. 使适应, 使服水土'] }),
  ),
  'Reef-building': {
    query: 'Reef-building',
    found: true,
    parts: ['Reef', 'building'],
    entries: [
      entry('Reef', 'reef', { translation: ['n. 暗礁, 礁'] }),
      entry('building', 'build', { relation: 'present_participle', translation: ['vt. 建造'] }),
      entry('building', 'building', { translation: ['n. 建筑物, 建筑'] }),
    ],
  },
};

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
      // An unknown word is an answer too: 200 with found: false, never an HTTP error in the console.
      return { data: entries[body.word] ?? { query: body.word, found: false, parts: [], entries: [] } };
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
          text="The laconic explorers went north; nobody goes there, said Zzyzx. Reef-building corals, hardier after acclimatization."
          onWordClick={onWordClick}
        />
        <button type="button" onClick={onChoose}>
          <RichText inline lang="en" text="laconic" onWordClick={onWordClick} />
        </button>
        <p>outside</p>
        <div data-question-id="q-rc-101">
          <RichText lang="en" text="Terse." onWordClick={onWordClick} />
        </div>
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
    expect(within(card).getByText('“went” 是 go 的过去式')).toBeTruthy();
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
    expect(within(again).getByText(c.relation('goes', 'go', '第三人称单数'))).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: c.popoverLabel('went') })).toBeNull();
    expect(calls('/api/word/get_all')).toHaveLength(1);
    expect(calls('/api/word/add_words')).toHaveLength(1);
  });

  it('keeps a look-up made in a question with that question, so it joins the words met', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByText('went'));
    await screen.findByRole('dialog', { name: c.popoverLabel('went') });
    await user.click(screen.getByText('Terse'));
    await screen.findByRole('dialog', { name: c.popoverLabel('Terse') });
    await waitFor(() =>
      expect(calls('/api/word/lookup')).toEqual([{ word: 'went' }, { word: 'Terse', question_id: 'q-rc-101' }]),
    );
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

  it('says how a form relates to its base, and puts the GRE sense before ECDICT’s senses', async () => {
    const { user } = setup();
    await user.click(screen.getByText('hardier'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('hardier') });
    expect(await within(card).findByText('“hardier” 是 hardy 的比较级')).toBeTruthy();
    const senses = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(senses).toEqual([
      `${c.greSense}a. 耐寒的；强壮的，能吃苦耐劳的`,
      'a. 难的, 艰苦的, 坚硬的, 勇敢的',
      'adv. 努力地, 辛苦地, 坚硬地',
    ]);
    expect(within(card).getByText(c.gre)).toBeTruthy();

    await user.click(screen.getByText('acclimatization'));
    const derived = await screen.findByRole('dialog', { name: c.popoverLabel('acclimatization') });
    expect(await within(derived).findByText('“acclimatization” 是 acclimate 的名词形式')).toBeTruthy();
  });

  it('shows a compound by its parts, each with its own add button', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByText('Reef-building'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('Reef-building') });
    expect(await within(card).findByText(c.compound('Reef-building', ['Reef', 'building']))).toBeTruthy();
    expect(within(card).getByText('n. 暗礁, 礁')).toBeTruthy();
    expect(within(card).getByText(c.relation('building', 'build', '现在分词'))).toBeTruthy();
    expect(within(card).getByText('n. 建筑物, 建筑')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: c.addWord('reef') }));
    await waitFor(() => expect(calls('/api/word/add_words')).toEqual([{ words: ['reef'] }]));
  });

  it('answers an unknown word with the not-found line and a place to look it up, without an error', async () => {
    const errors = vi.spyOn(console, 'error');
    const { user } = setup();
    await user.click(screen.getByText('Zzyzx'));
    const card = await screen.findByRole('dialog', { name: c.popoverLabel('Zzyzx') });
    expect(await within(card).findByText(c.notFound('Zzyzx'))).toBeTruthy();
    const link = within(card).getByRole('link', { name: c.searchElsewhere });
    expect(link.getAttribute('href')).toBe('https://dict.youdao.com/result?word=Zzyzx&lang=en');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(card).queryByText(c.failed)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('leaves words plain and calls nothing until the user is known', async () => {
    const { container, calls } = setup({ loggedIn: false });
    expect(container.querySelector('.gq-words')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/api/word/get_all')).toHaveLength(0);
    expect(calls('/api/user/get')).toHaveLength(0);
  });
});
