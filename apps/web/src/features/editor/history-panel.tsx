import type { DraftBody, EditorRevision } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { historyQuery } from './editor-queries';
import { fieldLabel } from './field-labels';

const h = editorCopy.history;

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

/** A field's value in one line, cut short: enough to see what changed. */
function shortValue(body: DraftBody | null, field: string): string {
  const [part, key] = field.split('.') as ['question' | 'passage', string];
  const value = (body?.[part] as Record<string, unknown> | null | undefined)?.[key];
  const text = value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || '—';
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
                      <div key={k} className="ged-change">
                        <Tag color="blue">{fieldLabel(k)}</Tag>
                        <del>{shortValue(r.before, k)}</del>
                        <span aria-hidden>→</span>
                        <ins>{shortValue(r.after, k)}</ins>
                      </div>
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
