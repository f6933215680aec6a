import {
  questionCalls,
  tailorCalls,
  userCalls,
  type CallRequest,
  type LearnerHit,
  type QuestionBrief,
  type TailoredBook,
  type User,
} from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { operateCopy } from '../../i18n/zh-CN.posts';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { CATEGORY_CONFIG } from '../exam/test-utils/exam-server';
import { matchesSearch } from './tailor-editor';
import { parseLearnerId } from './tailor-console';

const c = tailorCopy.console;
const e = tailorCopy.editor;

beforeAll(async () => {
  await Promise.all([import('./operate-page'), import('./tailor-console'), import('./tailor-editor')]);
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const teacher = () => makeUser({ authority: { ...makeUser().authority, is_teacher: true } });

const brief = (id: string, preview: string): QuestionBrief => ({
  id,
  category: 1,
  kind: 'tc1',
  difficulty: 'medium',
  topic: null,
  tag_ids: [],
  visibility: 'public',
  brief: '',
  preview,
  accessable: true,
});
const BOOK_A = [brief('q-a1', 'The senator was ____ by the news.'), brief('q-a2', 'Her tone was ____.')];
const BOOK_B = [brief('q-b1', 'Quantity A is the area of the circle.')];

/** The learners the fake search knows, as the server would send them (contacts already masked). */
const HITS: LearnerHit[] = [
  { id: 31, name: '小红', phone: '139****5678', email: null, role_name: '会员', custom_tailor_uses: 2 },
  { id: 44, name: '小红豆', phone: null, email: 'r***@test.gre', role_name: '试用用户', custom_tailor_uses: 0 },
];
/** As the server matches: digits an id exactly or part of the (unmasked) phone; text part of a name or e-mail. */
const PHONES: Record<number, string> = { 31: '13912345678' };
const EMAILS: Record<number, string> = { 44: 'red@test.gre' };
const hitsFor = (q: string) =>
  HITS.filter((h) =>
    /^\d+$/.test(q)
      ? h.id === Number(q) || (PHONES[h.id] ?? '').includes(q)
      : h.name.includes(q) || (EMAILS[h.id] ?? '').includes(q),
  );

function serve(user: User = teacher(), opts: { uses?: number; saveRefusal?: string } = {}) {
  setToken('t'.repeat(43));
  let uses = opts.uses ?? 2;
  let books: TailoredBook[] = [
    {
      id: 9,
      user_id: 31,
      teacher_id: 7,
      teacher_name: '王老师',
      name: '阅读巩固',
      question_ids: ['q-a2'],
      created_stamp: 1_790_000_000,
      updated_stamp: Date.UTC(2026, 10, 20, 4) / 1000,
    },
  ];
  const saves: CallRequest<typeof tailorCalls.save>[] = [];
  const deletes: number[] = [];
  const searches: string[] = [];
  fakeServer(
    fake(tailorCalls.findLearner, (b) => {
      const page = b.page ?? 1;
      const size = b.page_size ?? 10;
      searches.push(page > 1 ? `${b.query} p${page}` : b.query);
      if (b.query === '同学') {
        // 25 learners named alike: a page of ten at a time.
        const items = Array.from({ length: Math.min(size, 25 - (page - 1) * size) }, (_, i) => {
          const id = 100 + (page - 1) * size + i;
          return { ...HITS[1]!, id, name: `同学${id}` };
        });
        return { data: { items, page_control: { page, page_size: size, total: 25 } } };
      }
      const items = hitsFor(b.query);
      return { data: { items, page_control: { page, page_size: size, total: items.length } } };
    }),
    fake(userCalls.get, () => ({ data: user })),
    fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
    fake(tailorCalls.list, (b) =>
      b.user_id === 31
        ? { data: { user_id: 31, user_name: '小红', custom_tailor_uses: uses, books } }
        : b.user_id === 44
          ? { data: { user_id: 44, user_name: '小红豆', custom_tailor_uses: 0, books: [] } }
          : { kind: 'not_found', show: '学员不存在' },
    ),
    fake(tailorCalls.sources, (b) => ({
      data: {
        books: [
          { book_id: 'b-a', title: '阅读精选', sub_title: '', question_count: 2 },
          { book_id: 'b-b', title: '数学精选', sub_title: '', question_count: 1 },
        ],
        questions: b.book_id === 'b-a' ? BOOK_A : b.book_id === 'b-b' ? BOOK_B : [],
      },
    })),
    fake(tailorCalls.save, (b) => {
      saves.push(b);
      if (opts.saveRefusal) return { kind: 'conflict', show: opts.saveRefusal };
      const book: TailoredBook = {
        id: b.id ?? 10,
        user_id: b.user_id,
        teacher_id: 7,
        teacher_name: '小明',
        name: b.name,
        question_ids: b.question_ids,
        created_stamp: 1_790_000_000,
        updated_stamp: 1_790_000_000,
      };
      if (b.id === undefined) uses -= 1;
      books = [book, ...books.filter((x) => x.id !== book.id)];
      return { data: { book, custom_tailor_uses: uses } };
    }),
    fake(tailorCalls.delete, (b) => {
      deletes.push(b.id);
      books = books.filter((x) => x.id !== b.id);
      return { data: { done: true as const } };
    }),
  );
  return { saves, deletes, searches, user: userEvent.setup() };
}

async function findLearner(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = await screen.findByRole('searchbox', { name: c.learnerSearch });
  await user.clear(box);
  await user.type(box, `${text}{Enter}`);
}

describe('/operate 定制题本', { timeout: 40_000 }, () => {
  it('a teacher sees only 定制题本, under 教学管理; a blank search and one that finds nobody are said in place', async () => {
    const { searches, user } = serve();
    renderApp('/operate');
    expect(await screen.findByRole('heading', { name: c.teachTitle })).toBeTruthy();
    expect(screen.getByRole('tab', { name: c.tab })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: operateCopy.tabs.queue })).toBeNull();
    await findLearner(user, '   ');
    expect(await screen.findByText(c.queryRule)).toBeTruthy();
    await findLearner(user, '404');
    expect(await screen.findByText(c.noMatch)).toBeTruthy();
    expect(searches).toEqual(['404']);
  });

  it('finds learners by name, phone or e-mail; picking one opens their books', async () => {
    const { searches, user } = serve();
    renderApp('/operate');
    await findLearner(user, ' 小红 ');
    expect(await screen.findByText(c.matches(2))).toBeTruthy();
    // What the server sent, shown as sent: the masked contact, the tier's name, the uses left.
    expect(screen.getByText('139****5678')).toBeTruthy();
    expect(screen.getByText('r***@test.gre')).toBeTruthy();
    expect(screen.getByText('试用用户')).toBeTruthy();
    expect(screen.getByText(c.hitUses(2))).toBeTruthy();
    expect(screen.queryByText(c.usesLeft(2))).toBeNull();
    await user.click(screen.getByRole('button', { name: c.pickLabel('小红豆') }));
    expect(await screen.findByText(c.learner('小红豆', 44))).toBeTruthy();
    expect(screen.getByText(c.noUses)).toBeTruthy();
    expect(screen.getByText(c.picked)).toBeTruthy();
    expect(searches).toEqual(['小红']);

    // A phone number, or an id, that finds one learner opens them at once, as the id box did.
    await findLearner(user, '12345678');
    expect(await screen.findByText(c.learner('小红', 31))).toBeTruthy();
    expect(screen.getByText('阅读巩固')).toBeTruthy();
    await findLearner(user, '44');
    expect(await screen.findByText(c.learner('小红豆', 44))).toBeTruthy();
    expect(searches).toEqual(['小红', '12345678', '44']);
  });

  it('pages through many learners, and a search in the URL comes back with the page', async () => {
    const { searches, user } = serve();
    const { router } = renderApp('/operate?find=同学');
    expect(await screen.findByRole('heading', { name: c.teachTitle })).toBeTruthy();
    expect(await screen.findByText(c.matches(25))).toBeTruthy();
    expect(screen.getByText('同学100')).toBeTruthy();
    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('同学120')).toBeTruthy();
    expect(screen.queryByText('同学100')).toBeNull();
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ find: '同学', find_page: '3' })}`);
    expect(searches).toEqual(['同学', '同学 p3']);
  });

  it("lists a learner's books and uses left; builds a new book from picked, searched and reordered questions", async () => {
    const { saves, user } = serve();
    renderApp('/operate?learner=31');
    expect(await screen.findByText(c.learner('小红', 31))).toBeTruthy();
    expect(screen.getByText(c.usesLeft(2))).toBeTruthy();
    expect(screen.getByText('阅读巩固')).toBeTruthy();
    expect(screen.getByText(c.by('王老师'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: c.create }));
    const drawer = await screen.findByRole('dialog', { name: e.createTitle(c.learner('小红', 31)) });
    await within(drawer).findByText(e.candidates(3));
    await user.type(within(drawer).getByRole('textbox', { name: e.name }), '一周冲刺');
    await user.click(within(drawer).getByRole('button', { name: `${e.add} q-b1` }));
    await user.type(within(drawer).getByRole('searchbox', { name: e.search }), 'senator');
    expect(await within(drawer).findByText(e.candidates(1))).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: `${e.add} q-a1` }));
    expect(within(drawer).getByText(e.chosen(2, 200))).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: `${e.up} q-a1` }));
    await user.click(within(drawer).getByRole('button', { name: new RegExp(e.save) }));
    expect(await screen.findByText(e.createdUses(1))).toBeTruthy();
    expect(saves).toEqual([{ user_id: 31, name: '一周冲刺', question_ids: ['q-a1', 'q-b1'] }]);
    expect(await screen.findByText(c.usesLeft(1))).toBeTruthy();
    expect(screen.getByText('一周冲刺')).toBeTruthy();
  });

  it('edits a book in place and deletes one after asking', async () => {
    const { saves, deletes, user } = serve();
    renderApp('/operate?learner=31');
    await screen.findByText('阅读巩固');
    await user.click(screen.getByRole('button', { name: c.edit }));
    const drawer = await screen.findByRole('dialog', { name: e.editTitle('阅读巩固') });
    await within(drawer).findByText(e.candidates(3));
    await user.click(within(drawer).getByRole('button', { name: `${e.drop} q-a2` }));
    await user.click(within(drawer).getByRole('button', { name: new RegExp(e.save) }));
    expect(await within(drawer).findByText(e.needQuestions)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: `${e.add} q-a1` }));
    await user.click(within(drawer).getByRole('button', { name: new RegExp(e.save) }));
    expect(await screen.findByText(e.saved)).toBeTruthy();
    expect(saves).toEqual([{ id: 9, user_id: 31, name: '阅读巩固', question_ids: ['q-a1'] }]);

    await user.click(screen.getByRole('button', { name: c.remove }));
    const pop = await screen.findByText(c.removeConfirm('阅读巩固'));
    await user.click(within(pop.closest('.ant-popover')!).getByRole('button', { name: c.remove }));
    expect(await screen.findByText(c.removed)).toBeTruthy();
    expect(deletes).toEqual([9]);
    expect(await screen.findByText(c.none)).toBeTruthy();
  });

  it('no uses left: 新建题本 is off and says why; a refused save shows the server’s reason in the editor', async () => {
    serve(teacher(), { uses: 0 });
    renderApp('/operate?learner=31');
    expect(await screen.findByText(c.noUses)).toBeTruthy();
    expect(screen.getByRole('button', { name: c.create }).hasAttribute('disabled')).toBe(true);
    cleanup();
    queryClient.clear();

    const { user } = serve(teacher(), { saveRefusal: '该学员没有剩余的定制题本次数，请先请管理员分配' });
    renderApp('/operate?learner=31');
    await user.click(await screen.findByRole('button', { name: c.create }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(e.candidates(3));
    await user.type(within(drawer).getByRole('textbox', { name: e.name }), '冲刺');
    await user.click(within(drawer).getByRole('button', { name: `${e.add} q-a1` }));
    await user.click(within(drawer).getByRole('button', { name: new RegExp(e.save) }));
    expect(await within(drawer).findByText('该学员没有剩余的定制题本次数，请先请管理员分配')).toBeTruthy();
  });

  it('an operator keeps their tabs and an admin sees all four', async () => {
    serve(makeUser({ is_admin: true }));
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: operateCopy.tabs.queue })).toBeTruthy();
    expect(screen.getByRole('tab', { name: c.tab })).toBeTruthy();
    cleanup();
    queryClient.clear();
    serve(makeUser({ authority: { ...makeUser().authority, is_operator: true } }));
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: operateCopy.tabs.queue })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('tab', { name: c.tab })).toBeNull());
  });
});

describe('the console rules', () => {
  it('reads a learner id only as a positive whole number', () => {
    expect(parseLearnerId(' 31 ')).toBe(31);
    for (const bad of ['', '0', '-3', '3.5', 'abc', '1e5', '9'.repeat(20)]) expect(parseLearnerId(bad)).toBeNull();
  });

  it('searches by id or the words of the opening, in any case', () => {
    expect(matchesSearch(BOOK_A[0]!, 'SENATOR')).toBe(true);
    expect(matchesSearch(BOOK_A[0]!, 'q-a1')).toBe(true);
    expect(matchesSearch(BOOK_A[0]!, 'circle')).toBe(false);
    expect(matchesSearch(BOOK_A[0]!, '  ')).toBe(true);
  });
});
