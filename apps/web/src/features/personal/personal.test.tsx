import {
  craftCalls,
  examCalls,
  questionCalls,
  userCalls,
  type CategoryConfig,
  type Craft,
  type CraftNote,
  type QuestionBrief,
} from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { navItems } from '../../route-table';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { findBankQuestion } from '../questions/test-utils/content-bank';
import { collectToggled, cardToggled } from './craft-bar';
import { listRequest, readParams, writeParams } from './personal-filters';

const p = zh.personal;

beforeAll(async () => {
  await import('./personal-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const QUESTION = findBankQuestion((q) => q.input_method.kind === 'TwoBoxFill');
const BRIEF: QuestionBrief = {
  id: QUESTION.id,
  category: QUESTION.category,
  kind: QUESTION.kind,
  difficulty: QUESTION.difficulty,
  topic: null,
  tag_ids: [],
  visibility: 'public',
  brief: '双空填空',
  preview: 'The committee ____ the proposal.',
  accessable: true,
};
const REASONS = [
  { id: 'f-vocab', name: '词汇不认识', type: 'knowledge' as const },
  { id: 'f-logic', name: '逻辑关系判断错', type: 'skill' as const },
];
const CONFIG: CategoryConfig = {
  // No reasons here: the note editor must take them from the reason library (get_reason_lib), not the category config.
  categories: [
    {
      id: 1,
      key: 'filling',
      name: '填空',
      kinds: [{ id: QUESTION.kind, name: '双空填空', input_kind: 'TwoBoxFill' }],
      subs: [],
      reasons: [],
    },
  ],
  difficulties: [],
};

const SAVED_NOTE: CraftNote = {
  text_input: { review: '', difficulty: '转折没看出来', new_way: '', puzzle: '', note: '' },
  reasons: [
    { name: '旧错因', type: 'habit', checked: true },
    { name: '词汇不认识', type: 'knowledge', checked: true },
  ],
  review: {
    mastery: 1,
    reviewed: false,
    improvement: '先找转折词',
    reasons: [
      { reason_id: 'old', input: '旧的说明' },
      { reason_id: 'f-vocab', input: 'sanction' },
    ],
  },
};

function makeCraft(over: Partial<Craft> = {}): Craft {
  return {
    id: 11,
    user_id: 7,
    question_id: QUESTION.id,
    wrong: {
      answer: { selects: ['A', 'D'], multi_selects: [], text: '', text2: '', essay: '' },
      time: 0,
      source: { name: '精选填空 1', exam_id: 3, template_id: null, update_time_stamp: 0, page: 'Exam' },
      count: 2,
    },
    issue: null,
    collect: null,
    note: SAVED_NOTE,
    card: null,
    in_higher: false,
    source: null,
    schedule: null,
    updated_at: 0,
    ...over,
  };
}

type Body = Record<string, unknown>;

function serve(opts: { craft?: Craft; total?: number; user?: ReturnType<typeof makeUser> } = {}) {
  setToken('t'.repeat(43));
  let craft = opts.craft ?? makeCraft();
  const tags = [{ id: 5, name: '易错', desp: '' }];
  const items = opts.total === 0 ? [] : [{ question: BRIEF, craft }];
  return fakeServer(
    fake(userCalls.get, () => ({ data: opts.user ?? makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CONFIG })),
    fake(questionCalls.get, () => ({ data: { questions: [QUESTION] } })),
    fake(craftCalls.list, () => ({ data: { items, total: items.length } })),
    fake(craftCalls.get, () => ({ data: { crafts: [craft] } })),
    fake(craftCalls.summary, () => ({
      data: { scopes: [{ scope: 'wrongs' as const, total: 1, by_category: { '1': 1 } }], essays: 0 },
    })),
    fake(craftCalls.reasonLib, () => ({
      data: {
        categories: [
          { category: 1, reasons: REASONS },
          { category: 3, reasons: [{ id: 'm-calc', name: '计算错误', type: 'skill' as const }] },
        ],
      },
    })),
    fake(craftCalls.reviewTree, () => ({ data: { categories: [] } })),
    fake(craftCalls.collectGetAll, () => ({ data: { collects: tags } })),
    fake(craftCalls.collectAdd, (b) => {
      const collect = { id: tags.length + 5, name: String((b as Body).name), desp: '' };
      tags.push(collect);
      return { data: { collect } };
    }),
    fake(craftCalls.reviewDue, () => ({ data: { items, due_total: 3, daily_cap: 20, done_today: 1 } })),
    fake(craftCalls.updateV2, (b) => {
      const body = b as { craft: Partial<Craft> & { improvement?: { improvement: string } } };
      craft = {
        ...craft,
        ...(body.craft.collect ? { collect: body.craft.collect } : {}),
        ...(body.craft.note ? { note: body.craft.note } : {}),
        ...(body.craft.card ? { card: body.craft.card } : {}),
      };
      return { data: { craft } };
    }),
    fake(examCalls.create, () => ({ data: { id: 42 } })),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string): Body[] =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init) as Body);
/** antd spaces two-character CJK button labels ('收 藏') and an icon may lead the name: match the copy at the end. */
const exact = (text: string) => new RegExp(`(^|\\s)${text.split('').join('\\s*')}\\s*$`);
const btn = (name: string) => screen.findByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

async function openReview() {
  const line = await screen.findByText(BRIEF.preview);
  await userEvent.click(line);
  return screen.findByRole('dialog');
}

describe('personal params and rules', () => {
  it('reads any URL into a valid craft/list request', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('category', 'kind', 'tag', 'time', 'mastery', 'page'), fc.string()),
        fc.constantFrom(...(['collect', 'wrongs', 'note', 'card'] as const)),
        (raw, scope) => {
          const params = readParams(new URLSearchParams(raw));
          expect(craftCalls.list.request.safeParse(listRequest(scope, params, 1_800_000_000)).success).toBe(true);
          expect(readParams(new URLSearchParams(writeParams(params)))).toEqual(params);
        },
      ),
    );
  });

  it('unchecking collect clears the tags; card collect stamps the time, 0 when uncollected', () => {
    const tagged = makeCraft({ collect: { collected: true, collect_ids: [5, 6], word: null } });
    expect(collectToggled(tagged)).toEqual({ collected: false, collect_ids: [], word: null });
    expect(collectToggled(null)).toEqual({ collected: true, collect_ids: [], word: null });
    expect(cardToggled(null, 99)).toMatchObject({ collected: true, collect_time_stamp: 99 });
    expect(
      cardToggled(
        makeCraft({ card: { finished: false, collected: true, range_kind: 1, collect_time_stamp: 99 } }),
        120,
      ),
    ).toMatchObject({ collected: false, collect_time_stamp: 0, range_kind: 0 });
  });

  it('lists the higher pages in the nav only for learners granted them', () => {
    const paths = (u: ReturnType<typeof makeUser> | null) => navItems(u).map((i) => i.path);
    expect(paths(makeUser())).not.toContain('/personal/higher_wrongs');
    const granted = makeUser({
      accessibility: {
        has_crown: false,
        show_tailor_shelf: false,
        show_higher_collect: true,
        can_visit_material: false,
      },
    });
    expect(paths(granted)).toEqual(
      expect.arrayContaining(['/personal/higher_collect', '/personal/higher_wrongs', '/personal/higher_note']),
    );
  });
});

describe('/personal pages', { timeout: 60_000 }, () => {
  it('sends the URL filters with the list and the practise button with the same scope and filters', async () => {
    const fetch = serve();
    const { router } = renderApp('/personal/wrongs?category=1&time=week&mastery=2');
    await screen.findByText(BRIEF.preview);
    const list = bodies(fetch, craftCalls.list.path).at(-1);
    expect(list).toMatchObject({ scope: 'wrongs', category: 1, max_mastery: 2, page: 1 });
    expect(typeof list?.since).toBe('number');
    expect(screen.getByText(p.due.line(3, 1, 20))).toBeTruthy();
    await userEvent.click(await btn(p.list.practise));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)[0]).toEqual({
      source: 'personal',
      scope: 'wrongs',
      filter: { category: 1, since: list?.since, max_mastery: 2 },
      count: 1,
    });
  });

  it('the due strip practises the due reviews', async () => {
    const fetch = serve();
    const { router } = renderApp('/personal/wrongs');
    await userEvent.click(await btn(p.due.start));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)[0]).toEqual({ source: 'personal', scope: 'due', count: 1 });
  });

  it('an empty page offers one next action', async () => {
    serve({ total: 0 });
    renderApp('/personal/note');
    expect(await screen.findByText(p.list.empty.note)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(p.list.emptyAction.split('').join('\\s*')) })).toBeTruthy();
  });

  it('collect → 收藏成功 with 设置标签; an empty tag name is refused; a new tag is created and saved', async () => {
    const fetch = serve();
    renderApp('/personal/wrongs');
    const dialog = await openReview();
    await userEvent.click(await within(dialog).findByRole('button', { name: exact(p.bar.collect) }));
    expect(await screen.findByText(p.bar.collectedMsg)).toBeTruthy();
    expect(bodies(fetch, craftCalls.updateV2.path)[0]).toMatchObject({
      update_kind: 'Collect',
      craft_id: 11,
      question_id: QUESTION.id,
      craft: { collect: { collected: true, collect_ids: [] } },
      source: { page: 'Wrongs', name: p.scopes.wrongs },
    });
    const msg = screen.getByText(p.bar.collectedMsg).closest('.gp-msg') as HTMLElement;
    // antd's message layer is pointer-events: none around notices jsdom cannot style back to clickable.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(msg).getByRole('button'));
    // The tag dialog opens over the review (antd's ids are fixed in tests, so it is found by order, then by its title).
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const tagDialog = screen.getAllByRole('dialog')[1] as HTMLElement;
    expect(within(tagDialog).getByText(p.tags.title)).toBeTruthy();
    await userEvent.click(within(tagDialog).getByRole('button', { name: new RegExp(p.tags.create) }));
    expect(await within(tagDialog).findByText(p.tags.emptyName)).toBeTruthy();
    expect(bodies(fetch, craftCalls.collectAdd.path)).toHaveLength(0);
    // Longer than the 10-character hint: a hint only, still created.
    await userEvent.type(
      within(tagDialog).getByRole('textbox', { name: p.tags.newName }),
      '阅读长难句结构分析专项练习',
    );
    await userEvent.click(within(tagDialog).getByRole('button', { name: new RegExp(p.tags.create) }));
    expect(await screen.findByText(p.tags.created)).toBeTruthy();
    expect(bodies(fetch, craftCalls.collectAdd.path)[0]).toEqual({ name: '阅读长难句结构分析专项练习', desp: '' });
    await userEvent.click(within(tagDialog).getByRole('checkbox', { name: '易错' }));
    await userEvent.click(
      within(tagDialog).getByRole('button', { name: new RegExp(zh.common.save.split('').join('\\s*')) }),
    );
    await waitFor(() => expect(bodies(fetch, craftCalls.updateV2.path)).toHaveLength(2));
    expect(bodies(fetch, craftCalls.updateV2.path)[1]).toMatchObject({
      update_kind: 'Collect',
      craft: { collect: { collected: true, collect_ids: [6, 5] } },
    });
  });

  it('card collect shows where to find it', async () => {
    const fetch = serve();
    renderApp('/personal/wrongs');
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(p.bar.card) }));
    expect(await screen.findByText(p.bar.cardMsg)).toBeTruthy();
    expect(bodies(fetch, craftCalls.updateV2.path)[0]).toMatchObject({
      update_kind: 'Card',
      craft: { card: { collected: true, range_kind: 1 } },
    });
  });

  it('shows the last wrong answer, and a note save keeps every field it did not show', async () => {
    const fetch = serve();
    renderApp('/personal/wrongs');
    const dialog = await openReview();
    expect(within(dialog).getByTestId('review-yours').textContent).toContain('A');
    const note = within(dialog).getByRole('region', { name: p.note.title });
    expect(within(note).getByRole<HTMLTextAreaElement>('textbox', { name: p.note.fields.difficulty }).value).toBe(
      '转折没看出来',
    );
    await userEvent.type(within(note).getByRole('textbox', { name: p.note.fields.review }), '没读完就选了');
    await userEvent.click(within(note).getByRole('checkbox', { name: /逻辑关系判断错/ }));
    await userEvent.type(within(note).getByRole('textbox', { name: p.note.reasonInput('逻辑关系判断错') }), 'but 前后');
    await userEvent.click(within(note).getByRole('button', { name: new RegExp(p.note.save) }));
    expect(await screen.findByText(p.note.saved)).toBeTruthy();
    // The library of the question's own category only (math's reasons stay out), asked for once.
    expect(within(note).queryByRole('checkbox', { name: /计算错误/ })).toBeNull();
    expect(bodies(fetch, craftCalls.reasonLib.path)).toEqual([{}]);
    const sent = bodies(fetch, craftCalls.updateV2.path)[0] as { update_kind: string; craft: { note: CraftNote } };
    expect(sent.update_kind).toBe('Note');
    expect(sent.craft.note).toEqual({
      text_input: { ...SAVED_NOTE.text_input, review: '没读完就选了' },
      reasons: [
        { name: '旧错因', type: 'habit', checked: true },
        { name: '词汇不认识', type: 'knowledge', checked: true },
        { name: '逻辑关系判断错', type: 'skill', checked: true },
      ],
      review: {
        mastery: 1,
        reviewed: false,
        improvement: '先找转折词',
        reasons: [
          { reason_id: 'old', input: '旧的说明' },
          { reason_id: 'f-vocab', input: 'sanction' },
          { reason_id: 'f-logic', input: 'but 前后' },
        ],
      },
    });
  });

  it('saves the improvement on its own', async () => {
    const fetch = serve();
    renderApp('/personal/wrongs');
    const dialog = await openReview();
    const note = within(dialog).getByRole('region', { name: p.note.title });
    await userEvent.type(within(note).getByRole('textbox', { name: p.note.improvement }), '，再看选项');
    await userEvent.click(within(note).getByRole('button', { name: new RegExp(p.note.improvementSave) }));
    expect(await screen.findByText(p.note.improvementSaved)).toBeTruthy();
    expect(bodies(fetch, craftCalls.updateV2.path)[0]).toMatchObject({
      update_kind: 'Improvement',
      craft: { improvement: { improvement: '先找转折词，再看选项', mastery: 1 } },
    });
  });

  it('/personal shows the counts and the tags, and the collection below', async () => {
    serve();
    renderApp('/personal');
    expect(await screen.findByText(p.index.title)).toBeTruthy();
    expect(await screen.findByRole('link', { name: '易错' })).toBeTruthy();
    expect(screen.queryByText(p.scopes.higher_wrongs)).toBeNull();
    expect(await screen.findByText(BRIEF.preview)).toBeTruthy();
  });
});
