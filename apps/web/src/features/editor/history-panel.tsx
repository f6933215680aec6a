import type { DraftBody, EditorRevision } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { historyQuery } from './editor-queries';

const h = editorCopy.history;
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

/** The fields a revision changed, named `question.inquiry`, `passage.text`…; every field for a new question. */
export function changedFields(before: DraftBody | null, after: DraftBody): string[] {
  const out: string[] = [];
  for (const part of ['question', 'passage'] as const) {
    const a = (before?.[part] ?? {}) as Record<string, unknown>;
    const b = (after[part] ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (key === 'id') continue;
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out.push(`${part}.${key}`);
    }
  }
  return out;
}

const when = (stamp: number) =>
  new Date(stamp * 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** A question's revisions, newest first, each with what it changed and a way to load it into the draft. */
export function HistoryPanel({ questionId, onLoad }: { questionId: string; onLoad: (r: EditorRevision) => void }) {
  const { data, isPending } = useQuery(historyQuery(questionId));
  if (isPending) return <Skeleton active />;
  const items = data?.items ?? [];
  if (items.length === 0) return <Empty description={h.empty} />;
  return (
    <ol className="ged-history">
      {items.map((r) => {
        const fields = changedFields(r.before, r.after);
        return (
          <li key={r.revision} className="ged-rev">
            <div className="ged-rev-head">
              <Typography.Text strong>
                {h.revision(r.revision)} {r.before === null && <Tag>{h.created}</Tag>}
              </Typography.Text>
              <Button size="small" onClick={() => onLoad(r)} aria-label={`${h.load} ${h.revision(r.revision)}`}>
                {h.load}
              </Button>
            </div>
            <Typography.Text type="secondary">{h.by(r.actor_name, when(r.created_stamp))}</Typography.Text>
            {r.before !== null && (
              <div className="ged-diff">
                {fields.length === 0 ? (
                  <Typography.Text type="secondary">{h.noChange}</Typography.Text>
                ) : (
                  <>
                    <Typography.Text>{h.changed}：</Typography.Text>
                    {fields.map((k) => (
                      <Tag key={k} color="blue">
                        {FIELD_LABELS[k] ?? k}
                      </Tag>
                    ))}
                  </>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
