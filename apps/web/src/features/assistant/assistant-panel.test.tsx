import { assistantCalls, type ConversationBrief } from '@gre/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { dialogStore } from '../../state/ui';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import { fake } from '../../test-utils';
import { cleanUpAfterEach, renderInLayer } from '../posts/test-utils/render-panel';
import { AssistantPanel } from './assistant-panel';
import { serveAssistant } from './test-utils/render-assistant';
import { makeAnswer, makeMessage, sseEvent, sseResponse, streamedAnswer } from './test-utils/sse-stream';

cleanUpAfterEach();

const brief = (id: number, title: string): ConversationBrief => ({
  id,
  title,
  question_id: null,
  messages: 2,
  updated_stamp: 1_764_000_000,
});

/** A body whose events arrive only when the test lets them: to see the reply while it streams. */
function heldStream() {
  const enc = new TextEncoder();
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctl = c) });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => ctl.enqueue(enc.encode(text)),
    close: () => ctl.close(),
  };
}

function DialogKind() {
  const d = useStore(dialogStore);
  return <output aria-label="dialog">{d?.kind ?? ''}</output>;
}

describe('AssistantPanel', () => {
  it('streams the reply with a typing indicator, then shows its sources and its action as a link', async () => {
    const held = heldStream();
    const { asked } = serveAssistant(() => held.response);
    renderInLayer(<AssistantPanel questionId="q-tc-001" />);
    const user = userEvent.setup();
    await user.click(screen.getByText('为什么我的答案不对？'));
    expect(asked).toEqual([{ message: '为什么我的答案不对？', question_id: 'q-tc-001' }]);
    await act(async () => held.send(sseEvent('delta', { text: '你选了 C，' })));
    expect(await screen.findByText('你选了 C，')).toBeTruthy();
    expect(screen.getByText(t.typing)).toBeTruthy();
    const answer = makeAnswer('为什么我的答案不对？', {
      text: '你选了 C，但空格需要与 although 转折。',
      intent: 'why_wrong',
      sources: [
        { kind: 'standard_answer', label: '标准答案 B' },
        { kind: 'analysis', label: '解析' },
      ],
      actions: [{ kind: 'drill', label: '练同类题', link: '/summary/review' }],
    });
    await act(async () => {
      for (const e of streamedAnswer(answer, ['但空格需要与 although 转折。']).slice(1)) held.send(e);
      held.close();
    });
    expect(await screen.findByText('你选了 C，但空格需要与 although 转折。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(t.typing)).toBeNull());
    const reply = screen.getAllByRole('article', { name: t.assistant }).at(-1)!;
    expect(within(reply).getByText('标准答案')).toBeTruthy();
    expect(within(reply).getByText('解析')).toBeTruthy();
    expect(within(reply).getByRole('link', { name: '练同类题' }).getAttribute('href')).toBe('/summary/review');
    expect(screen.getByRole('article', { name: t.learner }).textContent).toBe('为什么我的答案不对？');
  });

  it('sends with Enter in the same conversation, keeps Shift+Enter as a new line and counts the characters', async () => {
    const { asked } = serveAssistant((body) => {
      const n = asked.length;
      return sseResponse(
        streamedAnswer(makeAnswer((body as { message: string }).message, { text: `答${n}` }), [`答${n}`]),
      );
    });
    renderInLayer(<AssistantPanel />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: t.inputLabel });
    await user.type(input, '今天{Shift>}{Enter}{/Shift}复习');
    expect((input as HTMLTextAreaElement).value).toBe('今天\n复习');
    expect(screen.getByText('5 / 2000')).toBeTruthy();
    await user.type(input, '{Enter}');
    expect(await screen.findByText('答1')).toBeTruthy();
    await user.type(input, '还有呢{Enter}');
    expect(await screen.findByText('答2')).toBeTruthy();
    expect(asked).toEqual([{ message: '今天\n复习' }, { message: '还有呢', conversation_id: 11 }]);
  });

  it('shows a broken stream as a Chinese error with 重试, which asks again', async () => {
    let n = 0;
    const { asked } = serveAssistant(() =>
      ++n === 1
        ? sseResponse([sseEvent('delta', { text: '先' })])
        : sseResponse(streamedAnswer(makeAnswer('这道题的思路', { text: '先找转折词。' }), ['先找转折词。'])),
    );
    renderInLayer(<AssistantPanel questionId="q-tc-001" />);
    const user = userEvent.setup();
    await user.click(screen.getByText('这道题的思路'));
    expect(await screen.findByText(t.failed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('先找转折词。')).toBeTruthy();
    expect(screen.queryByText(t.failed)).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('sends a day_overflow refusal to the quota dialog and keeps the draft', async () => {
    serveAssistant(
      () =>
        new Response(
          JSON.stringify({
            ok: false,
            data: null,
            err_data: {
              kind: 'day_overflow',
              show: '',
              detail: 'day_overflow',
              quota: {
                reason: 'assistant',
                subject: null,
                role_name: '会员',
                used: 20,
                limit: 20,
                period: 'day',
                renews_at: 1,
              },
            },
          }),
          { status: 429, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderInLayer(
      <>
        <DialogKind />
        <AssistantPanel />
      </>,
    );
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: t.inputLabel });
    await user.type(input, '我最弱的题型？{Enter}');
    await waitFor(() => expect(screen.getByRole('status', { name: 'dialog' }).textContent).toBe('day_overflow'));
    expect((input as HTMLTextAreaElement).value).toBe('我最弱的题型？');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('lists the conversations, continues one, and deletes one after confirming', async () => {
    let items = [brief(3, '今天该复习什么？'), brief(4, '为什么 C 不对')];
    const deleted: number[] = [];
    serveAssistant(
      () => new Response('{}', { status: 500 }),
      fake(assistantCalls.list, () => ({
        data: { items, page_control: { page: 1, page_size: 20, total: items.length } },
      })),
      fake(assistantCalls.get, ({ id }) => ({
        data: {
          conversation: items.find((c) => c.id === id)!,
          messages: [
            makeMessage({ id: 1, role: 'learner', text: '今天该复习什么？' }),
            makeMessage({ id: 2, text: '今天有 12 道待复习。', sources: [{ kind: 'reviews', label: '待复习 12 题' }] }),
          ],
        },
      })),
      fake(assistantCalls.delete, ({ id }) => {
        deleted.push(id);
        items = items.filter((c) => c.id !== id);
        return { data: { done: true as const } };
      }),
    );
    renderInLayer(<AssistantPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: new RegExp(t.list.title) }));
    await user.click(await screen.findByText('今天该复习什么？'));
    expect(await screen.findByText('今天有 12 道待复习。')).toBeTruthy();
    expect(screen.getByText('待复习')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: new RegExp(t.list.title) }));
    await user.click(await screen.findByRole('button', { name: `${t.list.delete} 为什么 C 不对` }));
    await user.click(await screen.findByRole('button', { name: t.list.deleteOk }));
    await waitFor(() => expect(screen.queryByText('为什么 C 不对')).toBeNull());
    expect(deleted).toEqual([4]);
    expect(await screen.findByText(t.list.deleted)).toBeTruthy();
  });
});
