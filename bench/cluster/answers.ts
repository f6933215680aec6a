// A valid answer for any question of an exam, from its input kind and options (the shapes /api/exam/answer and
// /api/exam/check accept); `variant` picks another one, so a learner's answers differ.
import type { Answer, ExamView } from '@gre/contracts';

type QuestionView = ExamView['sections'][number]['items'][number]['question'];

const EMPTY: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };

export function answerFor(q: QuestionView, variant: number): Answer {
  const groups = q.input_method.option_groups;
  const key = (g: number, i: number) => {
    const options = groups[g]?.options ?? [];
    return options[(i + variant) % Math.max(1, options.length)]?.key ?? 'A';
  };
  switch (q.input_method.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return { ...EMPTY, multi_selects: [...new Set([key(0, 0), key(0, 1)])].sort() };
    case 'TextFill':
      return { ...EMPTY, text: String(3 + variant) };
    case 'Fraction':
      return { ...EMPTY, text: String(1 + variant), text2: '7' };
    case 'SelectSentence':
      return { ...EMPTY, selects: [String(variant % 2)] };
    case 'Essay':
      return { ...EMPTY, essay: `A load-test draft, variant ${variant}.` };
    default:
      return { ...EMPTY, selects: groups.map((_, g) => key(g, 0)) };
  }
}
