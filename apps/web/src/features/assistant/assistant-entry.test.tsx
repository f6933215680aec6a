import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import { openAssistant, openChat } from '../../state/ui';
import { cleanUpAfterEach, renderInLayer } from '../posts/test-utils/render-panel';
import { serveAssistant } from './test-utils/render-assistant';

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
});
