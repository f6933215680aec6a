import { SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { zh } from '../../i18n/zh-CN';

const b = zh.words.book;

/** The browser's English voice, preferring American then British English; null when it has none. */
export function englishVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const english = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').startsWith('en'));
  return (
    english.find((v) => /^en-us/i.test(v.lang.replace('_', '-'))) ??
    english.find((v) => /^en-gb/i.test(v.lang.replace('_', '-'))) ??
    english[0] ??
    null
  );
}

/**
 * An English voice of the browser's speech synthesis (issue 14: pronunciation costs the server nothing), or null
 * while there is none: no synthesis at all, or no English voice. Browsers load their voices late, so the list is read
 * again when it changes.
 */
export function useEnglishVoice(): SpeechSynthesisVoice | null {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const [voice, setVoice] = useState(() => (synth ? englishVoice(synth.getVoices()) : null));
  useEffect(() => {
    if (!synth) return;
    const read = () => setVoice(englishVoice(synth.getVoices()));
    read();
    synth.addEventListener('voiceschanged', read);
    return () => synth.removeEventListener('voiceschanged', read);
  }, [synth]);
  return voice;
}

/** Reads the word aloud; hidden where the browser has no English voice. */
export function PronounceButton({ word, voice }: { word: string; voice: SpeechSynthesisVoice | null }) {
  if (!voice) return null;
  const speak = () => {
    const utterance = new SpeechSynthesisUtterance(word);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    // A second press restarts rather than queueing behind the first.
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };
  return <Button type="text" icon={<SoundOutlined />} aria-label={b.pronounce(word)} onClick={speak} />;
}
