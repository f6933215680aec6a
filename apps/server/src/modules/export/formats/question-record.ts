import type { Answer, ContentQuestion, ExportPart, InputKind } from '@gre/contracts';

/** The note's fields as /personal/note names them. */
export const NOTE_FIELDS = [
  ['review', '复盘'],
  ['difficulty', '难点'],
  ['new_way', '新思路'],
  ['puzzle', '疑惑'],
  ['note', '笔记'],
] as const;

export const PART_NAMES: Record<ExportPart, string> = { wrongs: '错题', collect: '收藏', note: '笔记' };
export const DIFFICULTY_NAMES: Record<string, string> = { easy: '简单', medium: '中等', hard: '困难' };

export type Option = { key: string; text: string };
export type StandardAnswer = ContentQuestion['standard_answer'];

/** One marked question as the pdf and csv print it; `answers` is null where the learner may not see them now. */
export interface QuestionRecord {
  id: string;
  categoryName: string;
  kindName: string;
  difficulty: string;
  marks: ExportPart[];
  passage: { id: string; title: string; text: string } | null;
  description: string;
  inquiry: string;
  quantityA: string | null;
  quantityB: string | null;
  inputKind: InputKind;
  optionGroups: Option[][];
  fill: { prefix: string; suffix: string };
  media: ContentQuestion['media'];
  /** The passage's sentences, which a SelectSentence answer numbers. */
  sentences: string[];
  /** The learner's last wrong answer. */
  myAnswer: Answer | null;
  wrongCount: number;
  answers: { standard: StandardAnswer; analysis: string; keyWords: string[] } | null;
  /** Why `answers` is null: a running exam holds them (decision 013), or the tier no longer opens them. */
  withheld: 'exam' | null;
  note: { fields: [string, string][]; reasons: string[] } | null;
  tags: string[];
  updatedAt: Date;
}

type AnswerShape = Pick<QuestionRecord, 'inputKind' | 'fill' | 'sentences' | 'optionGroups'>;

/** A blank's label as the test prints it: (i), (ii), (iii). */
export const blankLabel = (i: number) => `(${['i', 'ii', 'iii'][i] ?? String(i + 1)})`;

/** What a learner typed, with the characters content text reads as marks taken out. */
const typed = (s: string) => s.replace(/[$*{}\\]/g, '');

const NUMBER = /^-?\d+(\.\d+)?$/;

const WORD_ANSWER_NAMES: Record<string, string> = { know: '认识', unknown: '不认识' };

/**
 * An answer as content text (its `$…$` math kept, for the pdf to typeset and the csv to flatten): option keys, the
 * numeric entry with its unit, a fraction, or the sentence a SelectSentence answer names. Empty for no answer.
 */
export function answerText(
  r: AnswerShape,
  a: Pick<Answer, 'selects' | 'multi_selects' | 'text' | 'text2'> | null,
): string {
  if (!a) return '';
  switch (r.inputKind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return a.multi_selects.join('、');
    case 'TextFill':
      return a.text ? `${r.fill.prefix}${typed(a.text)}${r.fill.suffix}` : '';
    case 'Fraction':
      if (!a.text && !a.text2) return '';
      // Only numbers go into TeX: what a learner typed is never read as markup.
      return NUMBER.test(a.text) && NUMBER.test(a.text2)
        ? `$\\frac{${a.text}}{${a.text2}}$`
        : `${typed(a.text)}/${typed(a.text2)}`;
    case 'TwoBoxFill':
    case 'ThreeBoxFill':
      // Each blank's keys start again at A: name the blank and the word chosen.
      return a.selects
        .map((key, i) => {
          const word = r.optionGroups[i]?.find((o) => o.key === key)?.text;
          return `${blankLabel(i)} ${word ?? key}`;
        })
        .join('　');
    case 'SelectSentence':
      return a.selects
        .map((s) => {
          const i = Number(s);
          const sentence = Number.isInteger(i) ? r.sentences[i] : undefined;
          return sentence === undefined ? s : `第 ${i + 1} 句：${sentence}`;
        })
        .join('；');
    case 'Word':
      return a.selects.map((s) => WORD_ANSWER_NAMES[s] ?? s).join('、');
    case 'Essay':
      return '';
    default:
      return a.selects.join('、');
  }
}

/** The standard answer in the same form; an essay's is the note on what a strong response does. */
export function standardText(r: AnswerShape, s: StandardAnswer): string {
  return r.inputKind === 'Essay' ? s.description : answerText(r, s);
}
