import type { DraftBody } from '@gre/contracts';
import { Button, Input, Space, Typography } from 'antd';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { changeGroup, moved, placed, type Edit, type Placed } from './draft-edit';

const f = editorCopy.form;
/** The most options the content schema allows in a group. */
const MAX_OPTIONS = 9;

/** The option groups: one column per blank, options typed, moved and removed; keys follow the order. */
export function OptionsField({ body, edit }: { body: DraftBody; edit: Edit }) {
  const q = body.question;
  const groups = q.input_method.option_groups;
  if (groups.length === 0) return null;
  const fixed = q.kind === 'qc';
  return (
    <section className="ged-section" aria-label={f.options}>
      <Typography.Title level={5}>{f.options}</Typography.Title>
      {fixed && <Typography.Paragraph type="secondary">{f.qcFixed}</Typography.Paragraph>}
      {groups.map((g, gi) => {
        const set = (next: Placed[]) => edit((d) => changeGroup(d, gi, next));
        const now = placed(g);
        const name = (what: string) => (groups.length > 1 ? `${f.group(gi)} ${what}` : what);
        return (
          <div key={gi} className="ged-group">
            {groups.length > 1 && <Typography.Text strong>{f.group(gi)}</Typography.Text>}
            {g.options.map((o, i) => (
              <Space.Compact key={i} className="ged-option" block>
                <span className="ged-key">{o.key}</span>
                <Input
                  aria-label={name(f.option(o.key))}
                  value={o.text}
                  disabled={fixed}
                  maxLength={600}
                  onChange={(e) => set(now.map((x) => (x.from === i ? { ...x, text: e.target.value } : x)))}
                />
                {!fixed && (
                  <>
                    <Button
                      aria-label={name(f.moveUp(o.key))}
                      disabled={i === 0}
                      onClick={() => set(moved(now, i, -1))}
                    >
                      ↑
                    </Button>
                    <Button
                      aria-label={name(f.moveDown(o.key))}
                      disabled={i === g.options.length - 1}
                      onClick={() => set(moved(now, i, 1))}
                    >
                      ↓
                    </Button>
                    <Button
                      aria-label={name(f.remove(o.key))}
                      danger
                      disabled={g.options.length <= 2}
                      onClick={() => set(now.filter((x) => x.from !== i))}
                    >
                      ×
                    </Button>
                  </>
                )}
              </Space.Compact>
            ))}
            {!fixed && (
              <Button
                size="small"
                disabled={g.options.length >= MAX_OPTIONS}
                onClick={() => set([...now, { text: '', from: -1 }])}
              >
                {name(f.addOption)}
              </Button>
            )}
          </div>
        );
      })}
    </section>
  );
}
