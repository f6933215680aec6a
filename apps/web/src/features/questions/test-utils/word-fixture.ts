import type { QuestionView as QuestionData } from '@gre/contracts';
import csv from '../../../../../../content/words/gre-words.csv?raw';

/** One RFC 4180 row (ECDICT rows have no line breaks inside fields: senses are the two characters "\n"). */
function parseRow(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * A GRE list word from content/words/gre-words.csv as the word import turns it into a category-5 question: the word
 * is the stem, the Chinese senses are the standard answer's description, phonetic and senses are in the explanation.
 */
export function wordQuestion(headword: string): QuestionData {
  const line = csv.split('\r\n').find((l) => l.startsWith(`${headword},`));
  if (!line) throw new Error(`no word ${headword} in gre-words.csv`);
  const [word = '', phonetic = '', , translation = '', definition = ''] = parseRow(line);
  const senses = translation.split('\\n');
  const defs = definition ? definition.split('\\n') : [];
  const analysis = [
    phonetic ? `音标：/${phonetic}/` : '',
    `释义：\n${senses.map((s) => `- ${s}`).join('\n')}`,
    defs.length ? `英文释义：\n${defs.map((s) => `- ${s}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    id: `w-${word.toLowerCase()}`,
    category: 5,
    kind: 'word',
    difficulty: 'medium',
    group_id: null,
    description: '',
    passage: null,
    quantity_a: null,
    quantity_b: null,
    inquiry: word,
    media: [],
    input_method: {
      kind: 'Word',
      option_groups: [],
      fillable: false,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 0,
      option_size: 0,
    },
    standard_answer: {
      selects: [],
      multi_selects: [],
      text: '',
      text2: '',
      description: senses.join('\n'),
      accessable: true,
    },
    analysis: { text: analysis, key_words: senses, synonyms: [], antonyms: [], show: true },
    topic: null,
    tag_ids: [],
    visibility: 'public',
    brief: senses[0] ?? '',
    accessable: true,
    source_names: ['ECDICT'],
    support_translate: false,
    word_info: { kind: 'gre', id: word, pair_id: null },
    manual_mark: { highlight: false, needs_fix: false },
    card_learn: true,
    origin_id: null,
    topic_id: null,
  };
}
