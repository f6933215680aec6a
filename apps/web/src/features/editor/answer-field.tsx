import { draftPassage, passageSentences, type DraftBody } from '@gre/contracts';
import { Checkbox, Input, Radio, Select, Space, Typography } from 'antd';
import { editorCopy } from '../../i18n/zh-CN.editor';
import type { Edit } from './draft-edit';

const f = editorCopy.form;
const label = (key: string, text: string) => (text ? `${key}. ${text}` : key);

/** The answer, picked from the options, typed for numeric and fraction entry, or a sentence of the passage. */
export function AnswerField({ body, edit }: { body: DraftBody; edit: Edit }) {
  const q = body.question;
  const im = q.input_method;
  const sa = q.standard_answer;
  let field: React.ReactNode;
  switch (im.kind) {
    case 'SingleOption':
    case 'OneBoxFill':
    case 'TwoBoxFill':
    case 'ThreeBoxFill':
      field = im.option_groups.map((g, gi) => (
        <div key={gi} className="ged-answer-group">
          {im.option_groups.length > 1 && <Typography.Text>{f.answerOf(gi)}</Typography.Text>}
          <Radio.Group
            aria-label={f.answerOf(gi)}
            value={sa.selects[gi] ?? null}
            onChange={(e) =>
              edit((d) => {
                const selects = Array.from({ length: im.option_groups.length }, (_, i) => sa.selects[i] ?? '');
                selects[gi] = e.target.value as string;
                d.question.standard_answer.selects = selects;
              })
            }
            options={g.options.map((o) => ({ value: o.key, label: label(o.key, o.text) }))}
          />
        </div>
      ));
      break;
    case 'MultiSelect':
    case 'SixChooseTwo':
      field = (
        <Checkbox.Group
          aria-label={f.answer}
          value={sa.multi_selects}
          onChange={(keys) => edit((d) => void (d.question.standard_answer.multi_selects = [...keys].sort()))}
          options={(im.option_groups[0]?.options ?? []).map((o) => ({ value: o.key, label: label(o.key, o.text) }))}
        />
      );
      break;
    case 'TextFill':
      field = (
        <Space wrap>
          <Input
            aria-label={f.numericAnswer}
            placeholder={f.numericAnswer}
            value={sa.text}
            maxLength={40}
            onChange={(e) => edit((d) => void (d.question.standard_answer.text = e.target.value.trim()))}
          />
          <Input
            aria-label={f.prefix}
            placeholder={f.prefix}
            value={im.fill_prefix}
            maxLength={20}
            onChange={(e) => edit((d) => void (d.question.input_method.fill_prefix = e.target.value))}
          />
          <Input
            aria-label={f.suffix}
            placeholder={f.suffix}
            value={im.fill_suffix}
            maxLength={20}
            onChange={(e) => edit((d) => void (d.question.input_method.fill_suffix = e.target.value))}
          />
        </Space>
      );
      break;
    case 'Fraction':
      field = (
        <Space wrap>
          <Input
            aria-label={f.numerator}
            placeholder={f.numerator}
            value={sa.text}
            maxLength={40}
            onChange={(e) => edit((d) => void (d.question.standard_answer.text = e.target.value.trim()))}
          />
          <span>/</span>
          <Input
            aria-label={f.denominator}
            placeholder={f.denominator}
            value={sa.text2}
            maxLength={40}
            onChange={(e) => edit((d) => void (d.question.standard_answer.text2 = e.target.value.trim()))}
          />
        </Space>
      );
      break;
    case 'SelectSentence': {
      const sentences = body.passage ? passageSentences(draftPassage(body)) : [];
      field = (
        <Select
          aria-label={f.sentence}
          className="ged-wide"
          placeholder={f.sentencePick}
          value={sa.selects[0] ?? null}
          onChange={(v: string) => edit((d) => void (d.question.standard_answer.selects = [v]))}
          options={sentences.map((s, i) => ({ value: String(i), label: `${i + 1}. ${s}` }))}
        />
      );
      break;
    }
    case 'Essay':
      field = (
        <Input.TextArea
          aria-label={f.essayNote}
          placeholder={f.essayNote}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={sa.description}
          maxLength={4000}
          onChange={(e) => edit((d) => void (d.question.standard_answer.description = e.target.value))}
        />
      );
      break;
    default:
      field = null;
  }
  return (
    <section className="ged-section" aria-label={f.answer}>
      <Typography.Title level={5}>{im.kind === 'Essay' ? f.essayNote : f.answer}</Typography.Title>
      {field}
    </section>
  );
}
