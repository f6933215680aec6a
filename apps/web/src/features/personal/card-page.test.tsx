import {
  craftCalls,
  flashCalls,
  questionCalls,
  userCalls,
  wordCalls,
  type CallRequest,
  type CategoryConfig,
  type Craft,
  type QuestionBrief,
} from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog, dialogStore } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { groupByTag } from './card-page';

const c = zh.flash.collected;

beforeAll(async () => {
  await Promise.all([import('./personal-page'), import('../flash/create-flash-dialog')]);
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const CONFIG: CategoryConfig = {
  categories: [
    {
      id: 1,
      key: 'filling',
      name: '填空',
      kinds: [{ id: 'filling-single', name: '单空填空', input_kind: 'SingleOption' }],
      subs: [],
      reasons: [],
    },
  ],
  difficulties: [],
};

function brief(n: number): QuestionBrief {
  return {
    id: `q-card-${n}`,
    category: 1,
    kind: 'filling-single',
    difficulty: 'medium',
    topic: null,
    tag_ids: [],
    visibility: 'public',
    brief: `第 ${n} 题`,
    preview: `Sentence number ${n} with a ____ in it.`,
    accessable: true,
  };
}

function craft(n: number, rangeKind: number): Craft {
  return {
    id: 100 + n,
    user_id: 7,
    question_id: `q-card-${n}`,
    wrong: null,
    issue: null,
    collect: null,
    note: null,
    card: { finished: false, collected: true, range_kind: rangeKind, collect_time_stamp: 1_764_000_000 - n },
    in_higher: false,
    source: null,
    schedule: null,
    updated_at: 0,
  };
}

/** `tags[i]` is the card tag of the i-th collected card (newest first). */
function serve(tags: number[]) {
  setToken('t'.repeat(43));
  const items = tags.map((t, i) => ({ question: brief(i + 1), craft: craft(i + 1, t) }));
  const lists: CallRequest<typeof craftCalls.list>[] = [];
  fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CONFIG })),
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(craftCalls.list, (req) => {
      lists.push(req);
      const page = req.page ?? 1;
      const size = req.page_size ?? 20;
      return { data: { items: items.slice((page - 1) * size, page * size), total: items.length } };
    }),
    fake(flashCalls.checkCreate, (req) => ({
      data: { pool_count: 9, card_count: Math.min(req.limit, 9), coins_needed: 9, coins: 120, fits: true },
    })),
  );
  return { lists };
}

describe('personal/card: collected cards by card tag', { timeout: 30_000 }, () => {
  it('groups the cards under 精选 / 高频 / 其他 with their counts, each question listed', async () => {
    serve([3, 1, 2, 1, 3, 3]);
    renderApp('/personal/card');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      c.tagCount('精选', 2),
      c.tagCount('高频', 1),
      c.tagCount('其他', 3),
    ]);
    const pick = headings[0]!.closest<HTMLElement>('.ant-card')!;
    expect(within(pick).getByText(/Sentence number 2 /)).toBeTruthy();
    expect(within(pick).getByText(/Sentence number 4 /)).toBeTruthy();
    expect(within(pick).queryByText(/Sentence number 1 /)).toBeNull();
  });

  it('reads every page of the list, 50 at a time, so the groups cover all the cards', async () => {
    const { lists } = serve(Array.from({ length: 120 }, (_, i) => (i < 100 ? 1 : 2)));
    renderApp('/personal/card');
    expect(await screen.findByRole('heading', { name: c.tagCount('高频', 20) })).toBeTruthy();
    expect(screen.getByRole('heading', { name: c.tagCount('精选', 100) })).toBeTruthy();
    expect(lists.map((r) => [r.scope, r.page, r.page_size])).toEqual([
      ['card', 1, 50],
      ['card', 2, 50],
      ['card', 3, 50],
    ]);
  });

  it('用这些卡片建卡组 opens the create-flash dialog on collected cards, per tag or all of them', async () => {
    serve([1, 2, 2]);
    renderApp('/personal/card');
    const best = (await screen.findByRole('heading', { name: c.tagCount('高频', 2) })).closest<HTMLElement>(
      '.ant-card',
    )!;
    await userEvent.click(within(best).getByRole('button', { name: `高频：${c.create}` }));
    expect(dialogStore.get()).toEqual({ kind: 'create_flash', range_kind: 8, scope: 'best' });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '高频' })).toHaveProperty('checked', true));
    act(() => closeDialog());
    await userEvent.click(screen.getByRole('button', { name: c.create }));
    expect(dialogStore.get()).toEqual({ kind: 'create_flash', range_kind: 8, scope: '' });
  });

  it('no collected card: the empty state points to the bank', async () => {
    serve([]);
    renderApp('/personal/card');
    expect(await screen.findByText(zh.personal.list.empty.card)).toBeTruthy();
    expect(screen.getByRole('button', { name: c.create })).toHaveProperty('disabled', true);
  });

  it('an unknown card tag counts as 其他', () => {
    const items = [0, 1, 7].map((t, i) => ({ question: brief(i), craft: craft(i, t) }));
    expect(groupByTag(items).map((g) => [g.tag, g.items.length])).toEqual([
      ['pick', 1],
      ['card', 2],
    ]);
  });
});
