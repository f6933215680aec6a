import {
  editorCalls,
  newDraft,
  questionCalls,
  userCalls,
  type CallRequest,
  type DraftBody,
  type EditorLine,
  type User,
} from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { CATEGORY_CONFIG } from '../exam/test-utils/exam-server';
import { fieldLabel } from './field-labels';
import { changedFields } from './history-panel';
import { previewView } from './preview';

const l = editorCopy.list;
const f = editorCopy.form;
const a = editorCopy.actions;

beforeAll(async () => {
  await Promise.all([import('../operate/operate-page'), import('./editor-page')]);
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const operator = () => makeUser({ authority: { ...makeUser().authority, is_operator: true } });
const teacher = () => makeUser({ authority: { ...makeUser().authority, is_teacher: true } });

/** A live mc_single the fake bank holds. */
function liveMc(): DraftBody {
  const body = newDraft('mc_single');
  body.question.id = 'q-mcs-001';
  body.question.inquiry = 'What is $2 + 3$?';
  body.question.brief = '加法';
  body.question.input_method.option_groups = [
    { options: ['4', '5', '6', '7', '8'].map((text, i) => ({ key: 'ABCDE'[i]!, text })) },
  ];
  body.question.standard_answer.selects = ['B'];
  body.question.analysis.text = '$2+3=5$。答案为 B';
  return body;
}

const LINES: EditorLine[] = [
  {
    question_id: null,
    draft_id: 4,
    kind: 'tc2',
    difficulty: 'medium',
    brief: '未完成的双空',
    preview: 'Half ____',
    status: 'draft',
    updated_stamp: 1_790_000_000,
  },
  {
    question_id: 'q-mcs-001',
    draft_id: null,
    kind: 'mc_single',
    difficulty: 'medium',
    brief: '加法',
    preview: 'What is $2 + 3$?',
    status: 'published',
    updated_stamp: 1_790_000_000,
  },
];

function serve(user: User = operator(), opts: { refuse?: boolean } = {}) {
  setToken('t'.repeat(43));
  const saves: CallRequest<typeof editorCalls.saveDraft>[] = [];
  const publishes: CallRequest<typeof editorCalls.publish>[] = [];
  const finds: CallRequest<typeof editorCalls.find>[] = [];
  const live = liveMc();
  const after = structuredClone(live);
  after.question.brief = '改过的加法';
  fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
    fake(editorCalls.find, (b) => {
      finds.push(b);
      const items = LINES.filter((x) => !b.status || x.status === b.status);
      return { data: { items, page_control: { page: 1, page_size: 20, total: items.length } } };
    }),
    fake(editorCalls.open, () => ({
      data: { question_id: 'q-mcs-001', draft_id: null, status: 'published' as const, body: live, live, revision: 2 },
    })),
    fake(editorCalls.saveDraft, (b) => {
      saves.push(b);
      return { data: { draft_id: 11, problems: [] } };
    }),
    fake(editorCalls.publish, (b) => {
      publishes.push(b);
      if (opts.refuse)
        return {
          kind: 'content_invalid',
          show: '题目未通过内容检查（1 处问题）',
          detail: '1 problem(s): question/inquiry: stem near-duplicates q-mcs-009 (trigram Jaccard 0.91)',
        };
      return { data: { question_id: b.question_id ?? 'q-tc2-019', passage_id: null, revision: b.base_revision + 1 } };
    }),
    fake(editorCalls.history, () => ({
      data: {
        items: [
          { revision: 2, actor_id: 7, actor_name: '小明', created_stamp: 1_790_000_000, before: live, after },
          { revision: 1, actor_id: 7, actor_name: '小明', created_stamp: 1_789_000_000, before: null, after: live },
        ],
      },
    })),
    fake(editorCalls.passages, () => ({ data: { items: [] } })),
  );
  return { saves, publishes, finds, user: userEvent.setup() };
}

const openTab = async () => {
  renderApp('/operate?tab=editor');
  return screen.findByRole('button', { name: l.newQuestion });
};

describe('/operate 题目编辑', { timeout: 60_000 }, () => {
  it('is an operator tab: teachers do not see it', async () => {
    serve(teacher());
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: '定制题本' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: editorCopy.tab })).toBeNull();
  });

  it('lists questions with their status and filters by it', async () => {
    const { finds, user } = serve();
    await openTab();
    expect(await screen.findByText('未完成的双空')).toBeTruthy();
    expect(screen.getByText(editorCopy.statuses.draft!)).toBeTruthy();
    expect(screen.getByText(editorCopy.statuses.published!)).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: l.search }), '加法{Enter}');
    await waitFor(() => expect(finds.at(-1)?.query).toBe('加法'));
  });

  it('writes a new two-blank completion with the check and the live preview following the typing', async () => {
    const { saves, publishes, user } = serve();
    await openTab();
    await user.click(screen.getByRole('combobox', { name: l.newKind }));
    await user.click(await screen.findByTitle(editorCopy.kinds.tc2!));
    await user.click(screen.getByRole('button', { name: l.newQuestion }));
    const check = await screen.findByRole('region', { name: editorCopy.check.title });
    expect(within(check).getByText(/需修改后才能发布/)).toBeTruthy();

    const fill = async (box: HTMLElement, text: string) => {
      await user.click(box);
      await user.paste(text);
    };
    await fill(screen.getByRole('textbox', { name: f.stem }), 'Her {{1}} manner hid a {{2}} resolve.');
    const preview = screen.getByRole('complementary', { name: editorCopy.preview.title });
    await waitFor(() => expect(within(preview).getByText(/manner hid a/)).toBeTruthy());
    const texts = ['mild', 'brash', 'ornate', 'steely', 'feeble', 'fickle'];
    const boxes = screen.getAllByRole('textbox', { name: /第 \d 空 选项/ });
    for (const [i, text] of texts.entries()) await fill(boxes[i]!, text);
    await waitFor(() => expect(within(preview).getAllByText('steely').length).toBeGreaterThan(0));
    const firstAnswer = screen.getByRole('radiogroup', { name: f.answerOf(0) });
    await user.click(within(firstAnswer).getByLabelText('A. mild'));
    await user.click(within(screen.getByRole('radiogroup', { name: f.answerOf(1) })).getByLabelText('A. steely'));
    await fill(screen.getByRole('textbox', { name: f.explanation }), '外表与决心对照。\n**答案**：mild；steely');
    await waitFor(() => expect(within(check).getByText(editorCopy.check.ok)).toBeTruthy());

    // Moving an option re-keys the column and the answer follows its text.
    await user.click(screen.getByRole('button', { name: `${f.group(0)} ${f.moveDown('A')}` }));
    await waitFor(() => expect(within(firstAnswer).getByLabelText('B. mild')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: a.save }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body.question.standard_answer.selects).toEqual(['B', 'A']);
    expect(saves[0]!.body.question.input_method.option_groups[0]!.options[1]).toEqual({ key: 'B', text: 'mild' });
    await user.click(screen.getByRole('button', { name: a.publish }));
    await waitFor(() => expect(publishes).toHaveLength(1));
    expect(publishes[0]).toMatchObject({ draft_id: 11, base_revision: 0 });
    expect(await screen.findByText(f.title('q-tc2-019', editorCopy.kinds.tc2!))).toBeTruthy();
  });

  it('shows the server refusal, the history with changed fields, and loads an old revision', async () => {
    const { publishes, user } = serve(operator(), { refuse: true });
    await openTab();
    await user.click(await screen.findByRole('button', { name: l.editLabel('q-mcs-001') }));
    expect(await screen.findByText(f.title('q-mcs-001', ''))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: a.publish }));
    await waitFor(() => expect(publishes).toHaveLength(1));
    expect(publishes[0]).toMatchObject({ question_id: 'q-mcs-001', base_revision: 2 });
    expect(await screen.findByText(/near-duplicates q-mcs-009/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: a.history }));
    expect(await screen.findByText(editorCopy.history.revision(2))).toBeTruthy();
    expect(screen.getByText(f.brief, { selector: '.ant-tag' })).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: `${editorCopy.history.load} ${editorCopy.history.revision(2)}` }),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: f.brief })).toHaveProperty('value', '改过的加法'));
  });
});

describe('editor helpers', () => {
  it('previews a half-typed draft and names the fields a revision changed', () => {
    const body = newDraft('rc_select');
    expect(previewView(body).passage?.sentences).toEqual([]);
    const after = structuredClone(body);
    after.question.inquiry = 'x';
    after.passage!.text = 'y';
    expect(changedFields(body, after)).toEqual(['question.inquiry', 'passage.text']);
    // Problems and changes are named as the form labels the field.
    expect(fieldLabel('question/analysis/text')).toBe(f.explanation);
    expect(fieldLabel('passage.text')).toBe(f.passageText);
    expect(fieldLabel('question')).toBe(editorCopy.check.whole);
  });
});
