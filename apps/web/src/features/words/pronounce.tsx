import { SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { zh } from '../../i18n/zh-CN';

const b = zh.words.book;

/**
 * Reads the word aloud through the page's `useSpeech()` (components/use-speech.ts); hidden where the browser has no
 * English voice (`speak` is null).
 */
export function PronounceButton({ word, speak }: { word: string; speak: ((text: string) => void) | null }) {
  if (!speak) return null;
  return <Button type="text" icon={<SoundOutlined />} aria-label={b.pronounce(word)} onClick={() => speak(word)} />;
}
