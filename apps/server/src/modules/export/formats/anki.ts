/**
 * Anki's text import (File → Import, a .txt file): header lines say tab-separated fields holding HTML, the deck, which
 * column carries the tags, and the columns' names; then one note per line. A field may hold no tab or line break, and
 * HTML is read as HTML, so text is escaped and line breaks become <br>.
 */

export interface AnkiCard {
  word: string;
  /** Phonetic, if the dictionary has it. */
  phonetic: string;
  /** Chinese senses, one a line; GRE senses first. */
  meanings: string[];
  example: string;
  /** Where the word came from: `闪卡::<deck>`, `生词本::<book>`. */
  tags: string[];
}

export const ANKI_DECK = 'GRE 单词';
export const ANKI_COLUMNS = ['单词', '中文释义', '例句', '标签'] as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A field: escaped, no tabs, line breaks as <br>. */
const field = (lines: readonly string[]) =>
  lines
    .map((l) => escapeHtml(l.replace(/[\t\r\n]+/g, ' ').trim()))
    .filter(Boolean)
    .join('<br>');
/** Anki splits tags on spaces; a deck or book name keeps its words joined. */
export const ankiTag = (s: string) => s.trim().replace(/\s+/g, '_').replace(/[\t"]/g, '');

export function ankiFile(cards: readonly AnkiCard[]): string {
  const header = [
    '#separator:tab',
    '#html:true',
    `#deck:${ANKI_DECK}`,
    `#tags column:${ANKI_COLUMNS.length}`,
    `#columns:${ANKI_COLUMNS.join('\t')}`,
  ];
  const lines = cards.map((c) =>
    [
      field([c.word]),
      field(c.phonetic ? [`[${c.phonetic}]`, ...c.meanings] : c.meanings),
      field([c.example]),
      c.tags.map(ankiTag).filter(Boolean).join(' '),
    ].join('\t'),
  );
  return [...header, ...lines].join('\n') + '\n';
}
