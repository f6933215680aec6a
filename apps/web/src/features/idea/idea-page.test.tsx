import { ideaCalls, questionCalls, userCalls, type QuestionBrief, type QuestionView } from '@gre/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { dialogStore } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, sentBody, sentText } from '../../test-utils';
import { bankQuestion } from '../questions/test-utils/content-bank';
import { headingNote, markExamples, parseOutline, splitSample } from './idea-outline';

const c = zh.idea;

beforeAll(async () => {
  await import('./idea-page');
}, 60_000);

afterEach(() => {
  queryClient.clear();
  dialogStore.set(null);
  vi.unstubAllGlobals();
});

function briefOf(q: QuestionView, accessable: boolean): QuestionBrief {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    topic: null,
    tag_ids: q.tag_ids,
    visibility: q.visibility,
    brief: q.brief,
    preview: accessable ? q.inquiry.slice(0, 60) : '',
    accessable,
  };
}

describe('parseOutline', () => {
  it('splits a shipped outline into stance, numbered points, concession and conclusion', () => {
    const sections = parseOutline(splitSample(bankQuestion('q-issue-001').analysis!.text).outline);
    expect(sections.map((s) => s.role)).toEqual(['stance', 'point', 'point', 'point', 'concession', 'conclusion']);
    expect(sections[0]).toMatchObject({ label: '立场选择', claim: '' });
    expect(sections[0]!.body).toMatch(/^部分同意/);
    // A claim written into the heading is kept apart from the body.
    expect(sections[1]).toMatchObject({ label: '分论点一', claim: '启发性推动科学前进，即使理论后来被修正。' });
    expect(sections[1]!.body).toMatch(/^例：玻尔/);
  });

  it('keeps what a heading adds to its badge, and marks the examples', () => {
    expect(headingNote('分论点二（为何需要公共资金）')).toBe('为何需要公共资金');
    expect(headingNote('让步与反驳（最有力的挑战）')).toBe('最有力的挑战');
    expect(headingNote('立场选择')).toBe('');
    expect(headingNote('分析第一种观点')).toBe('分析第一种观点');
    expect(markExamples('例：玻尔。例：托勒密')).toBe('**例：**玻尔。**例：**托勒密');
  });

  it('reads text without headings as one section and joins loose paragraphs to the one before', () => {
    expect(parseOutline('只有一段。')).toEqual([{ role: 'other', label: '', claim: '', body: '只有一段。' }]);
    expect(parseOutline('**结论**：甲。\n\n乙。')).toEqual([
      { role: 'conclusion', label: '结论', claim: '', body: '甲。\n\n乙。' },
    ]);
  });
});

describe('splitSample', () => {
  it('takes a shipped sample essay out of the outline, and leaves an analysis without one whole', () => {
    const { outline, sample } = splitSample(bankQuestion('q-issue-101').analysis!.text);
    expect(parseOutline(outline).map((s) => s.role)).toEqual(expect.arrayContaining(['stance', 'point', 'concession']));
    expect(outline).not.toContain('范文');
    expect(sample!.split(/\s+/).length).toBeGreaterThan(400);
    expect(sample).toMatch(/^[A-Z]/);
    // Every shipped prompt has one now (the content check wants it); an analysis without one stays whole.
    expect(splitSample(bankQuestion('q-issue-001').analysis!.text).sample).toMatch(/^[A-Z]/);
    const plain = '**立场选择**：部分同意。\n\n**结论**：视情况而定。';
    expect(splitSample(plain)).toEqual({ outline: plain, sample: null });
  });
});

describe('/idea', { timeout: 30_000 }, () => {
  const open = bankQuestion('q-issue-001');
  const locked = bankQuestion('q-issue-003');

  function serve(shown = open) {
    setToken('t'.repeat(43));
    return fakeServer(
      fake(userCalls.get, () => ({
        data: makeUser({ authority: { ...makeUser().authority, role_kind: 'Trail', role_name: '试用用户' } }),
      })),
      fake(ideaCalls.list, (body) => {
        const { keyword } = body as { keyword?: string };
        const items = keyword ? [briefOf(locked, false)] : [briefOf(open, true), briefOf(locked, false)];
        return { data: { items, total: items.length, page: 1, page_size: 50 } };
      }),
      fake(questionCalls.get, (body) => {
        const [id] = (body as { ids: string[] }).ids;
        return id === open.id ? { data: { questions: [shown] } } : { kind: 'public_only' };
      }),
    );
  }

  it('lists the prompts and shows the first open one with its prompt and Chinese outline', async () => {
    serve();
    renderApp('/idea');
    expect(await screen.findByText(c.count(2))).toBeTruthy();
    expect(screen.getByRole('img', { name: c.lockedAria })).toBeTruthy();
    const outline = await screen.findByRole('list', { name: c.outline });
    expect(within(outline).getByText(c.roles.stance)).toBeTruthy();
    expect(within(outline).getByText(c.pointN(3))).toBeTruthy();
    expect(within(outline).getByText(c.roles.concession)).toBeTruthy();
    expect(within(outline).getByText('启发性推动科学前进，即使理论后来被修正。')).toBeTruthy();
    // The prompt's words are clickable (one element each), so match the whole prompt block's text.
    const prompt = screen.getByText(
      (_, el) => el?.tagName === 'P' && /fruitful questions it leads researchers to ask/.test(el.textContent ?? ''),
    );
    expect(within(prompt).getByText('fruitful')).toBeTruthy();
    expect(screen.getByText(c.strongEssay)).toBeTruthy();
    expect(screen.getByText('玻尔模型')).toBeTruthy();
  });

  it('a prompt of the learner’s unfinished exam says its outline comes after submitting, not that there is none', async () => {
    serve({ ...open, analysis: null, standard_answer: null, answers_held: true });
    renderApp('/idea');
    expect(await screen.findByText(c.heldInExam)).toBeTruthy();
    expect(screen.queryByText(c.noOutline)).toBeNull();
    expect(screen.queryByRole('list', { name: c.outline })).toBeNull();
  });

  it('opening a locked prompt lets public_only reach the catalogue dialog and shows the lock', async () => {
    const fetch = serve();
    const { router } = renderApp('/idea');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(locked.brief) }));
    expect(await screen.findByText(c.locked.title)).toBeTruthy();
    expect(router.state.location.search).toBe(`?q=${locked.id}`);
    expect(
      fetch.mock.calls.some(([url, init]) => url === questionCalls.get.path && sentText(init).includes(locked.id)),
    ).toBe(true);
    await waitFor(() => expect(dialogStore.get()).toEqual({ kind: 'public_only' }));
    expect(screen.queryByRole('list', { name: c.outline })).toBeNull();
  });

  it('searches by keyword once the typing settles, never with a single character', async () => {
    const fetch = serve();
    renderApp('/idea');
    const box = await screen.findByPlaceholderText(c.searchPlaceholder);
    fireEvent.change(box, { target: { value: '文' } });
    expect(await screen.findByText(c.keywordTooShort)).toBeTruthy();
    fireEvent.change(box, { target: { value: '文物' } });
    expect(await screen.findByText(c.count(1))).toBeTruthy();
    const keywords = fetch.mock.calls
      .filter(([url]) => url === ideaCalls.list.path)
      .map(([, init]) => (sentBody(init) as { keyword?: string }).keyword);
    expect(keywords).toEqual([undefined, '文物']);
  });
});
