import { editorCopy } from '../../i18n/zh-CN.editor';

const f = editorCopy.form;

/** Field names as the form labels them; a field without a label is shown by its content-format name. */
const FIELD_LABELS: Record<string, string> = {
  'question.difficulty': f.difficulty,
  'question.visibility': f.visibility,
  'question.topic': f.topic,
  'question.brief': f.brief,
  'question.tags': f.tags,
  'question.description': f.directions,
  'question.inquiry': f.stem,
  'question.quantity_a': f.quantityA,
  'question.quantity_b': f.quantityB,
  'question.input_method': f.options,
  'question.standard_answer': f.answer,
  'question.media': f.media,
  'question.analysis': f.explanation,
  'passage.text': f.passageText,
  'passage.title': f.passageTitle,
  'passage.translate': f.passageTranslate,
  'passage.core': f.passageCore,
  'passage.kind': f.passageKind,
};

/**
 * A field (`question.inquiry`) or a problem's path (`question/analysis/text`) as the form labels it: the history's
 * changed fields and the content check's problems name what the operator sees, the rest keep the content name.
 */
export function fieldLabel(path: string): string {
  const [part, key] = path.split(/[./]/);
  if (part === 'question' && !key) return editorCopy.check.whole;
  if (part === 'passage' && !key) return f.passage;
  return FIELD_LABELS[`${part}.${key}`] ?? path;
}
