import { useCallback, useSyncExternalStore } from 'react';

/** The browser's speech synthesis, or null where there is none (older browsers, some webviews, jsdom). */
function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** An English voice, preferring American then British English; null when the browser offers none. */
export function englishVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const english = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').startsWith('en'));
  return (
    english.find((v) => v.lang.toLowerCase().replace('_', '-') === 'en-us') ??
    english.find((v) => v.lang.toLowerCase().replace('_', '-') === 'en-gb') ??
    english[0] ??
    null
  );
}

// Browsers fill the voice list after the page loads and announce it with `voiceschanged`.
function subscribe(onChange: () => void): () => void {
  const s = synth();
  if (!s) return () => {};
  s.addEventListener('voiceschanged', onChange);
  return () => s.removeEventListener('voiceschanged', onChange);
}

let lastVoice: SpeechSynthesisVoice | null = null;

/** The voice now, as the same object while it is the same voice (some browsers hand out new objects each call). */
function currentVoice(): SpeechSynthesisVoice | null {
  const s = synth();
  const voice = s ? englishVoice(s.getVoices()) : null;
  if (voice?.voiceURI !== lastVoice?.voiceURI || voice?.lang !== lastVoice?.lang) lastVoice = voice;
  return lastVoice;
}

/**
 * Pronunciation through the browser's speech synthesis (no server cost). `speak` is null when no English voice
 * exists, and the page then shows no pronounce button.
 */
export function useSpeech(): { speak: ((text: string) => void) | null } {
  const voice = useSyncExternalStore(subscribe, currentVoice, () => null);
  const speak = useCallback(
    (text: string) => {
      const s = synth();
      if (!s || !voice) return;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = 0.9;
      // A second press restarts the word instead of queueing it behind the first.
      s.cancel();
      s.speak(utterance);
    },
    [voice],
  );
  return { speak: voice ? speak : null };
}
