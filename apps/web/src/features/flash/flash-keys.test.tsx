import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fakeServer, renderApp } from '../../test-utils';
import { FlashWorld } from './test-utils/flash-world';
import { englishVoice } from '../../components/use-speech';

const f = zh.flash;

beforeAll(async () => {
  await import('./flash-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function playing(world: FlashWorld) {
  setToken('t'.repeat(43));
  fakeServer(...world.routes());
  const user = userEvent.setup();
  renderApp(`/flash/${world.flash.id}`);
  await user.click(await screen.findByRole('button', { name: f.intro.start }));
  return user;
}

function voices(list: { lang: string; name: string }[]) {
  const speak = vi.fn();
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => list.map((v) => ({ ...v, voiceURI: v.name, default: false, localService: true })),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    speak,
    cancel: vi.fn(),
  });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      voice: unknown = null;
      lang = '';
      rate = 1;
      constructor(readonly text: string) {}
    },
  );
  return speak;
}

describe('flash keyboard (Space flips, 1–4 choose, Enter goes on)', { timeout: 30_000 }, () => {
  it('Space turns a card over, 1 = 认识 and 2 = 不认识, Enter goes to the next card', async () => {
    const world = new FlashWorld([
      { word: 'laconic', stage: 'NotSeen' },
      { word: 'prodigal', stage: 'Learn' },
    ]);
    const user = await playing(world);
    expect(await screen.findByText(f.card.progress(1, 2))).toBeTruthy();
    // prodigal (Learn) comes before laconic (NotSeen).
    expect(screen.getByText('prodigal')).toBeTruthy();
    await user.keyboard('1');
    expect(world.choices).toEqual([]);
    await user.keyboard(' ');
    expect(screen.getByText('prodigal 的中文释义')).toBeTruthy();
    await user.keyboard('2');
    expect(await screen.findByText(f.card.stays)).toBeTruthy();
    expect(world.choices[0]!.choice).toEqual({ step: 'flip', know: false });
    await user.keyboard('{Enter}');
    expect(await screen.findByText(f.card.progress(2, 2))).toBeTruthy();
    await user.keyboard(' ');
    await user.keyboard('1');
    expect(await screen.findByText(f.card.moveTo(f.stages.Quiz))).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(f.summary.moves(1, 1))).toBeTruthy();
  });

  it('1–4 choose a quiz option once; further digits change nothing', async () => {
    const world = new FlashWorld([{ word: 'prodigal', stage: 'Quiz' }]);
    const user = await playing(world);
    await screen.findByText(f.card.quizPrompt);
    await user.keyboard('3');
    expect(await screen.findByText(f.card.right)).toBeTruthy();
    await user.keyboard('1');
    expect(world.choices.map((c) => c.choice)).toEqual([{ step: 'quiz', option: 2 }]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(f.summary.moves(1, 0))).toBeTruthy();
  });

  it('in the recall input digits and spaces are typed, Enter submits; the next Enter goes on', async () => {
    const world = new FlashWorld([
      { word: 'venerate', stage: 'Exam' },
      { word: 'laconic', stage: 'Exam' },
    ]);
    const user = await playing(world);
    const input = await screen.findByRole('textbox', { name: f.card.answerLabel });
    expect(document.activeElement).toBe(input);
    await user.keyboard('ve 1');
    expect((input as HTMLInputElement).value).toBe('ve 1');
    expect(world.choices).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(f.card.wrong)).toBeTruthy();
    expect(screen.getByText(f.card.rightAnswer('venerate'))).toBeTruthy();
    expect(world.choices[0]!.choice).toEqual({ step: 'exam', text: 've 1' });
    await user.keyboard('{Enter}');
    expect(await screen.findByText(f.card.progress(2, 2))).toBeTruthy();
    await user.keyboard('laconic{Enter}');
    expect(await screen.findByText(f.card.right)).toBeTruthy();
  });

  it('the give-up confirmation keeps its keys: a digit there chooses nothing', async () => {
    const world = new FlashWorld([{ word: 'laconic', stage: 'NotSeen' }]);
    setToken('t'.repeat(43));
    fakeServer(...world.routes());
    const user = userEvent.setup();
    renderApp(`/flash/${world.flash.id}`);
    await user.click(await screen.findByRole('button', { name: f.intro.giveUp }));
    await screen.findByRole('dialog');
    await user.keyboard('1');
    expect(screen.queryByText(f.card.progress(1, 1))).toBeNull();
    expect(world.choices).toEqual([]);
  });
});

describe('pronunciation (speech synthesis, English voice only)', { timeout: 30_000 }, () => {
  it('prefers American, then British, then any English voice; none without one', () => {
    const v = (lang: string) => ({ lang, name: lang, voiceURI: lang }) as SpeechSynthesisVoice;
    expect(englishVoice([v('zh-CN'), v('en-GB'), v('en-US')])?.lang).toBe('en-US');
    expect(englishVoice([v('en_GB'), v('en-AU')])?.lang).toBe('en_GB');
    expect(englishVoice([v('en-AU')])?.lang).toBe('en-AU');
    expect(englishVoice([v('zh-CN'), v('fr-FR')])).toBeNull();
  });

  it('a pronounce button speaks the word where an English voice exists', async () => {
    const speak = voices([{ lang: 'en-US', name: 'Samantha' }]);
    const user = await playing(new FlashWorld([{ word: 'laconic', stage: 'NotSeen' }]));
    await user.click(await screen.findByRole('button', { name: f.card.pronounceLabel('laconic') }));
    expect(speak).toHaveBeenCalledOnce();
    expect(speak.mock.calls[0]![0]).toMatchObject({ text: 'laconic', lang: 'en-US' });
  });

  it('no pronounce button where the browser has no English voice', async () => {
    voices([{ lang: 'zh-CN', name: 'Tingting' }]);
    await playing(new FlashWorld([{ word: 'laconic', stage: 'NotSeen' }]));
    expect(await screen.findByText('laconic')).toBeTruthy();
    expect(screen.queryByRole('button', { name: f.card.pronounceLabel('laconic') })).toBeNull();
  });
});
