import { EDITOR_KIND_LIST, newDraft, rekey, type DraftBody, type EditorKind } from '@gre/contracts';

/** A sample essay long enough for the bank's Issue rule (300 words and more). */
const ESSAY = Array.from(
  { length: 12 },
  (_, i) =>
    `Point ${i + 1}: public money for the arts and for the sciences answers different needs, and a fair budget weighs what each returns to citizens over time.`,
).join(' ');

/**
 * A draft of `kind` that passes the whole content check, built from the editor's own new-question layout; `mark`
 * goes into the stem so several samples never near-duplicate each other or the bank.
 */
export function sampleDraft(kind: EditorKind, mark: string): DraftBody {
  const body = newDraft(kind);
  const q = body.question;
  const opts = (...texts: string[]) => ({ options: rekey(texts.map((text) => ({ text }))) });
  const words = ['tepid', 'scathing', 'fulsome', 'candid', 'equivocal'];
  q.brief = `编辑器样题 ${kind} ${mark}`;
  q.description = 'Select the best answer.';
  q.analysis.text = '解析：根据题干线索推理。';
  switch (kind) {
    case 'tc1':
      q.inquiry = `Sample ${mark}: the review of the ${kind} play was so {{1}} that even the author's friends winced.`;
      q.input_method.option_groups = [opts(...words)];
      q.standard_answer.selects = ['B'];
      q.analysis.text = '“连朋友都皱眉”说明评论严厉。\n**答案**：scathing';
      break;
    case 'tc2':
      q.inquiry = `Sample ${mark}: her {{1}} manner hid a {{2}} resolve that surprised her rivals in the ${kind} debate.`;
      q.input_method.option_groups = [opts('mild', 'brash', 'ornate'), opts('steely', 'feeble', 'fickle')];
      q.standard_answer.selects = ['A', 'A'];
      q.analysis.text = '温和外表与坚定决心对照。\n**答案**：第一空 mild；第二空 steely';
      break;
    case 'tc3':
      q.inquiry = `Sample ${mark}: the {{1}} report, far from {{2}} the panel, only {{3}} its doubts about the ${kind} plan.`;
      q.input_method.option_groups = [
        opts('cursory', 'thorough', 'lucid'),
        opts('reassuring', 'alarming', 'boring'),
        opts('deepened', 'erased', 'named'),
      ];
      q.standard_answer.selects = ['A', 'A', 'A'];
      q.analysis.text = '草率的报告没能安抚，反而加深疑虑。\n**答案**：cursory；reassuring；deepened';
      break;
    case 'se':
      q.inquiry = `Sample ${mark}: the ${kind} speaker's {{1}} remarks left the audience unsure of what she meant.`;
      q.input_method.option_groups = [opts('ambiguous', 'equivocal', 'blunt', 'candid', 'terse', 'lucid')];
      q.standard_answer.multi_selects = ['A', 'B'];
      q.analysis.synonyms = ['ambiguous', 'equivocal'];
      q.analysis.text = '听众不确定含义，说明话语含糊。\n**答案**：ambiguous、equivocal';
      break;
    case 'rc_single':
    case 'rc_multi':
    case 'rc_select':
      body.passage = {
        kind: 'short',
        title: `Sample passage ${mark}`,
        text:
          `Sample ${mark} passage. Coral reefs cover a tiny fraction of the ocean floor. Yet they shelter about a ` +
          'quarter of all marine species. Scientists long assumed that this richness came from stable water ' +
          'temperatures. Recent surveys suggest that the complex shapes of the reefs matter more.',
        translate:
          '珊瑚礁只覆盖海底的一小部分，却庇护了约四分之一的海洋物种。科学家曾认为这种丰富性来自稳定的水温，最近的调查表明礁体的复杂形态更为重要。',
        core: '珊瑚礁物种丰富的原因：形态比水温更重要。',
      };
      q.inquiry =
        kind === 'rc_select'
          ? `Sample ${mark}: select the sentence that presents a newer explanation.`
          : `Sample ${mark}: the passage (${kind}) is mainly concerned with which explanation of reef richness?`;
      q.analysis.text = '原文说 "Recent surveys suggest that the complex shapes of the reefs matter more"，据此作答。';
      if (kind === 'rc_single') {
        q.input_method.option_groups = [opts('Reef shape', 'Water temperature', 'Ocean depth', 'Fish size', 'Tides')];
        q.standard_answer.selects = ['A'];
      } else if (kind === 'rc_multi') {
        q.input_method.option_groups = [opts('Reefs are rare', 'Reefs hold many species', 'Reefs are cold')];
        q.standard_answer.multi_selects = ['A', 'B'];
      } else q.standard_answer.selects = ['4'];
      break;
    case 'qc':
      q.inquiry = `Sample ${mark}: x is a positive integer (${kind}).`;
      q.quantity_a = '$x + 1$';
      q.quantity_b = '$x$';
      q.standard_answer.selects = ['A'];
      q.analysis.text = '对任意 $x$，$x+1 > x$。答案为 A';
      break;
    case 'mc_single':
      q.inquiry = `Sample ${mark}: what is $2 + 3$ in the ${kind} drill?`;
      q.input_method.option_groups = [opts('4', '5', '6', '7', '8')];
      q.standard_answer.selects = ['B'];
      q.analysis.text = '$2+3=5$。答案为 B';
      break;
    case 'mc_multi':
      q.inquiry = `Sample ${mark}: which of the following are even numbers in the ${kind} drill?`;
      q.input_method.option_groups = [opts('2', '3', '4', '5')];
      q.input_method.option_size = 4;
      q.standard_answer.multi_selects = ['A', 'C'];
      q.analysis.text = '2 与 4 是偶数。答案为 A、C';
      break;
    case 'numeric':
      q.inquiry = `Sample ${mark}: what is $2.5 \\times 2.5$ in the ${kind} drill?`;
      q.standard_answer.text = '6.25';
      q.analysis.text = '$2.5^2 = 6.25$。答案为 6.25';
      break;
    case 'fraction':
      q.inquiry = `Sample ${mark}: what is $\\frac{1}{2} + \\frac{3}{4}$ in the ${kind} drill?`;
      q.standard_answer.text = '5';
      q.standard_answer.text2 = '4';
      q.analysis.text = '通分得 $\\frac{5}{4}$。答案为 $\\frac{5}{4}$';
      break;
    case 'issue':
      q.inquiry = `Sample ${mark}: governments should fund the arts as generously as they fund the sciences.`;
      q.description = 'Write a response in which you discuss the extent to which you agree or disagree.';
      q.standard_answer.description = '立场清楚，用具体例子说明两类投入的不同回报。';
      q.analysis.text = `思路：区分艺术与科学的公共价值，给出条件化立场。\n\n**范文（5–6 分）**\n\n${ESSAY}`;
      break;
  }
  // The mark twice, so samples of two runs differ in enough word trigrams never to read as near-duplicates.
  q.inquiry = `${q.inquiry} (ref ${mark})`;
  return body;
}

/** One valid sample of every kind the editor writes. */
export const sampleDrafts = (mark: string) => EDITOR_KIND_LIST.map((kind) => [kind, sampleDraft(kind, mark)] as const);
