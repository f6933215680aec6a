import { zh } from '../../i18n/zh-CN.study';
import { groupKeys, SIX_CHOOSE_TWO_MAX, toggleMulti } from './answer-utils';
import { OptionList } from './option-list';
import type { RendererProps } from './renderer-props';
import { RichText } from './rich-text';

const c = zh.questions;

/** Quantitative comparison: the two quantities side by side under the test's own headers. */
export function QuantityColumns({
  a,
  b,
  onWordClick,
}: {
  a: string;
  b: string;
  onWordClick: RendererProps['onWordClick'];
}) {
  return (
    <div className="gq-qc" role="group" aria-label={`${c.quantityA} / ${c.quantityB}`}>
      <div className="gq-qc-col">
        <div className="gq-qc-head">{c.quantityA}</div>
        <div className="gq-qc-body">
          <RichText text={a} lang="en" onWordClick={onWordClick} />
        </div>
      </div>
      <div className="gq-qc-col">
        <div className="gq-qc-head">{c.quantityB}</div>
        <div className="gq-qc-body">
          <RichText text={b} lang="en" onWordClick={onWordClick} />
        </div>
      </div>
    </div>
  );
}

/** One answer from a list (A–E), including quantitative comparison (A–D) and reading single answer. */
export function SingleOptionInput({
  question,
  answer,
  change,
  readOnly,
  review,
  standard,
  onWordClick,
}: RendererProps) {
  const group = question.input_method.option_groups[0];
  return (
    <OptionList
      options={group?.options ?? []}
      chosen={answer.selects}
      correct={standard ? standard.selects : null}
      multiple={false}
      onPick={(key) => change({ ...answer, selects: [key] })}
      readOnly={readOnly}
      review={review}
      label={question.description || question.inquiry}
      onWordClick={onWordClick}
    />
  );
}

/** Select all that apply (quant multi-select, reading multi) and sentence equivalence (exactly two of six). */
export function MultiChoiceInput({ question, answer, change, readOnly, review, standard, onWordClick }: RendererProps) {
  const group = question.input_method.option_groups[0];
  const order = groupKeys(group);
  const sixTwo = question.input_method.kind === 'SixChooseTwo';
  const max = sixTwo ? SIX_CHOOSE_TWO_MAX : undefined;
  const full = sixTwo && answer.multi_selects.length >= SIX_CHOOSE_TWO_MAX;
  return (
    <>
      {!readOnly && <p className="gq-hint">{sixTwo ? c.sixTwoHint : c.multiHint}</p>}
      <OptionList
        options={group?.options ?? []}
        chosen={answer.multi_selects}
        correct={standard ? standard.multi_selects : null}
        multiple
        onPick={(key) => change(toggleMulti(answer, key, order, max))}
        readOnly={readOnly}
        review={review}
        label={question.description || question.inquiry}
        blocked={full && !readOnly ? () => true : undefined}
        onWordClick={onWordClick}
      />
      {full && !readOnly && (
        <p className="gq-hint" role="status">
          {c.sixTwoFull}
        </p>
      )}
    </>
  );
}
