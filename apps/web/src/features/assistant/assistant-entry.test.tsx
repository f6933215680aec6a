import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import { openAssistant, openChat } from '../../state/ui';
import { cleanUpAfterEach, renderInLayer } from '../posts/test-utils/render-panel';
import AssistantLight from './assistant-light';
import { serveAssistant } from './test-utils/render-assistant';
import { makeAnswer, sseResponse, streamedAnswer } from './test-utils/sse-stream';

cleanUpAfterEach();

describe('where the assistant opens', () => {
  it('joins the chat dialog as 助教 on the question it was opened for', async () => {
    serveAssistant(() => new Response('{}', { status: 500 }));
    renderInLayer(<div />);
    act(() => openChat(9, 'q-tc-001'));
    await userEvent.setup().click(await screen.findByRole('tab', { name: t.tab }));
    expect(await screen.findByText(t.suggestions.question[1]!)).toBeTruthy();
  });

  it('has no 助教 tab in a chat dialog opened without a question', async () => {
    serveAssistant(() => new Response('{}', { status: 500 }));
    renderInLayer(<div />);
    act(() => openChat(9));
    expect(await screen.findByRole('tab', { name: '讨论' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: t.tab })).toBeNull();
  });

  it('opens as its own dialog for questions about progress', async () => {
    serveAssistant(() => new Response('{}', { status: 500 }));
    renderInLayer(<div />);
    act(() => openAssistant());
    expect(await screen.findByText(t.suggestions.progress[0]!)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: t.title })).toBeTruthy();
  });

  it('opens in place under a reviewed exam question and asks about that question', async () => {
    const { asked } = serveAssistant(() =>
      sseResponse(
        streamedAnswer(makeAnswer('这道题的思路', { text: '先找转折词 however。' }), ['先找转折词 however。']),
      ),
    );
    const user = userEvent.setup();
    renderInLayer(<AssistantLight questionId="q-tc1-007" />);
    const entry = await screen.findByRole('button', { name: new RegExp(t.entry) });
    expect(entry.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(t.suggestions.question[1]!)).toBeNull();
    await user.click(entry);
    expect(entry.getAttribute('aria-expanded')).toBe('true');
    await user.click(await screen.findByText(t.suggestions.question[1]!));
    expect(await screen.findByText('先找转折词 however。')).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ question_id: 'q-tc1-007', message: '这道题的思路' })]);
  });
});
