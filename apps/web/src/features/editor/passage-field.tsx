import { editorCalls, type DraftBody } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { editorCopy } from '../../i18n/zh-CN.editor';
import type { Edit } from './draft-edit';
import { passagesQuery } from './editor-queries';

const f = editorCopy.form;

/** A reading question's passage: pick a stored one (then edit it) or write a new one. */
export function PassageField({ body, edit }: { body: DraftBody; edit: Edit }) {
  const [query, setQuery] = useState('');
  const found = useQuery(passagesQuery(query));
  const p = body.passage;
  const shared = found.data?.items.find((x) => x.id === p?.id)?.questions ?? 0;
  const pick = async (id: string) => {
    const { passage } = await call(editorCalls.passage, { id });
    edit((d) => {
      d.passage = passage;
      d.question.passage_id = passage.id;
    });
  };
  const set = (change: (passage: NonNullable<DraftBody['passage']>) => void) =>
    edit((d) => {
      if (d.passage) change(d.passage);
    });
  return (
    <section className="ged-section" aria-label={f.passage}>
      <Typography.Title level={5}>{f.passage}</Typography.Title>
      <div className="ged-passage-pick">
        <Select
          showSearch
          aria-label={f.passagePick}
          className="ged-wide"
          placeholder={f.passageSearch}
          filterOption={false}
          onSearch={setQuery}
          value={p?.id ?? null}
          onChange={(id: string) => void pick(id)}
          options={(found.data?.items ?? []).map((x) => ({ value: x.id, label: `${x.id} ${x.title}` }))}
        />
        <Button
          onClick={() =>
            edit((d) => {
              d.passage = { kind: 'short', title: '', text: '', translate: '', core: '' };
              delete d.question.passage_id;
            })
          }
        >
          {f.passageNew}
        </Button>
      </div>
      {p && (
        <div className="ged-passage">
          {p.id && shared > (body.question.id ? 1 : 0) && (
            <Typography.Paragraph type="warning">
              {f.passageShared(shared - (body.question.id ? 1 : 0))}
            </Typography.Paragraph>
          )}
          <Radio.Group
            aria-label={f.passageKind}
            value={p.kind}
            onChange={(e) => set((x) => void (x.kind = e.target.value as 'short' | 'long'))}
            options={(['short', 'long'] as const).map((k) => ({ value: k, label: f.passageKinds[k] }))}
          />
          <Input
            aria-label={f.passageTitle}
            placeholder={f.passageTitle}
            value={p.title}
            maxLength={120}
            onChange={(e) => set((x) => void (x.title = e.target.value))}
          />
          <Input.TextArea
            aria-label={f.passageText}
            placeholder={`${f.passageText}（${f.passageTextHelp}）`}
            autoSize={{ minRows: 4, maxRows: 14 }}
            value={p.text}
            maxLength={12000}
            onChange={(e) =>
              set((x) => {
                x.text = e.target.value;
                // An explicit split no longer matches a retyped text.
                delete x.sentences;
              })
            }
          />
          <Input.TextArea
            aria-label={f.passageTranslate}
            placeholder={f.passageTranslate}
            autoSize={{ minRows: 3, maxRows: 10 }}
            value={p.translate}
            maxLength={12000}
            onChange={(e) => set((x) => void (x.translate = e.target.value))}
          />
          <Input
            aria-label={f.passageCore}
            placeholder={f.passageCore}
            value={p.core}
            maxLength={400}
            onChange={(e) => set((x) => void (x.core = e.target.value))}
          />
        </div>
      )}
    </section>
  );
}
