import type { Answer } from '@gre/contracts';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EtsModeContext } from '../../components/ets-mode';
import { zh } from '../../i18n/zh-CN';
import { emptyAnswer } from './answer-utils';
import { emptyHistory, record, redo, replaceSelection, undo } from './essay-history';
import { QuestionView } from './question-view';
import { bankQuestion } from './test-utils/content-bank';

const e = zh.ets.essay;
const issue = bankQuestion('q-issue-001');

/**
 * The clipboard as the browser offers it: `read` answers readText, or it refuses (no permission). After
 * userEvent.setup(), which puts a clipboard of its own in place.
 */
function stubClipboard(read: string | null) {
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      readText: () =>
        read === null ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : Promise.resolve(read),
      writeText: (text: string) => {
        written.push(text);
        return Promise.resolve();
      },
    },
  });
  return written;
}

/** The essay as the exam screen shows it in ETS mode (or not), the page owning the answer. */
function renderEssay(ets = true, initial = '') {
  let current: Answer = { ...emptyAnswer(), essay: initial };
  function Host() {
    const [answer, setAnswer] = useState<Answer>(current);
    return (
      <EtsModeContext.Provider value={ets}>
        <QuestionView
          question={issue}
          answer={answer}
          mode="answer"
          onAnswer={(a) => {
            current = a;
            setAnswer(a);
          }}
        />
      </EtsModeContext.Provider>
    );
  }
  render(<Host />);
  return { user: userEvent.setup(), essay: () => current.essay };
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: e.label });
const tool = (name: string) => within(screen.getByRole('group', { name: e.tools })).getByRole('button', { name });
const select = (start: number, end: number) => act(() => box().setSelectionRange(start, end));

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the ETS essay box', () => {
  it('has Cut, Paste, Undo and Redo above the box, and no Copy, as on the test', () => {
    renderEssay();
    const names = within(screen.getByRole('group', { name: e.tools }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([e.cut, e.paste, e.undo, e.redo]);
    expect(box().getAttribute('spellcheck')).toBe('false');
    expect(tool(e.undo).hasAttribute('disabled')).toBe(true);
    expect(tool(e.redo).hasAttribute('disabled')).toBe(true);
  });

  it('Cut takes the selection out; Paste puts the cut text at the caret when the clipboard may not be read', async () => {
    const { user, essay } = renderEssay(true, 'Alpha beta gamma');
    const written = stubClipboard(null);
    select(6, 11);
    await user.click(tool(e.cut));
    expect(essay()).toBe('Alpha gamma');
    expect(written).toEqual(['beta ']);
    expect(box().selectionStart).toBe(6);
    select(0, 0);
    await user.click(tool(e.paste));
    expect(essay()).toBe('beta Alpha gamma');
    expect(box().selectionStart).toBe(5);
  });

  it('Paste reads the clipboard where the browser allows it, replacing the selection', async () => {
    const { user, essay } = renderEssay(true, 'A good idea.');
    stubClipboard('theory');
    select(7, 11);
    await user.click(tool(e.paste));
    expect(essay()).toBe('A good theory.');
  });

  it('Undo and Redo step through cuts, pastes and typing, with the buttons and with Ctrl+Z / Ctrl+Y', async () => {
    const { user, essay } = renderEssay(true, 'One two');
    stubClipboard(null);
    select(3, 7);
    await user.click(tool(e.cut));
    expect(essay()).toBe('One');
    await user.click(tool(e.undo));
    expect(essay()).toBe('One two');
    expect(tool(e.undo).hasAttribute('disabled')).toBe(true);
    await user.click(tool(e.redo));
    expect(essay()).toBe('One');

    select(3, 3);
    await user.type(box(), ' three', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(essay()).toBe('One three');
    // One burst of typing is one step back.
    await user.keyboard('{Control>}z{/Control}');
    expect(essay()).toBe('One');
    await user.keyboard('{Control>}y{/Control}');
    expect(essay()).toBe('One three');
    await user.click(tool(e.undo));
    await user.click(tool(e.undo));
    expect(essay()).toBe('One two');
    // A new change ends what Redo could bring back.
    await user.type(box(), '!', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(essay()).toBe('One two!');
    expect(tool(e.redo).hasAttribute('disabled')).toBe(true);
  });

  it('outside ETS mode the essay is the plain Chinese-labelled box, without the tools', () => {
    renderEssay(false);
    expect(screen.getByRole('textbox', { name: zh.questions.essayLabel })).toBeTruthy();
    expect(screen.queryByRole('group', { name: e.tools })).toBeNull();
  });
});

describe('essay history', () => {
  const at = (value: string, caret = value.length) => ({ value, start: caret, end: caret });

  it('joins a burst of typing into one step, and starts a new one after a pause or another kind of change', () => {
    let h = record(emptyHistory, at(''), 'type', 0);
    h = record(h, at('a'), 'type', 300);
    h = record(h, at('ab'), 'type', 600);
    expect(h.past.map((s) => s.value)).toEqual(['']);
    h = record(h, at('abc'), 'type', 2000);
    h = record(h, at('abcd'), 'delete', 2100);
    h = record(h, at('abc'), 'paste', 2200);
    h = record(h, at('abcXY'), 'paste', 2300);
    expect(h.past.map((s) => s.value)).toEqual(['', 'abc', 'abcd', 'abc', 'abcXY']);
  });

  it('undo and redo move states between the two stacks; nothing to move is null', () => {
    const h = record(emptyHistory, at('a'), 'cut', 0);
    const back = undo(h, at(''))!;
    expect(back.state.value).toBe('a');
    const forth = redo(back.history, back.state)!;
    expect(forth.state.value).toBe('');
    expect(undo(emptyHistory, at(''))).toBeNull();
    expect(redo(h, at(''))).toBeNull();
  });

  it('replaces the selection within the length limit', () => {
    expect(replaceSelection({ value: 'abcdef', start: 1, end: 3 }, 'XY', 100)).toEqual({
      value: 'aXYdef',
      start: 3,
      end: 3,
    });
    expect(replaceSelection({ value: 'abcd', start: 4, end: 4 }, 'XYZ', 6).value).toBe('abcdXY');
    expect(replaceSelection({ value: 'abcd', start: 1, end: 3 }, '', 6)).toEqual({ value: 'ad', start: 1, end: 1 });
  });
});
