import { DIFFICULTIES, MATH_TOPICS, VISIBILITIES, type DraftBody } from '@gre/contracts';
import { Button, Input, Select, Space, Typography } from 'antd';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { AnswerField } from './answer-field';
import type { Edit } from './draft-edit';
import { OptionsField } from './options-field';
import { PassageField } from './passage-field';

const f = editorCopy.form;
const BLANKS: Record<string, number> = { tc1: 1, tc2: 2, tc3: 3, se: 1 };
/** Words in a tag box: the schema's bounds. */
const tagList = (values: string[], max: number, len: number) => values.slice(0, max).map((v) => v.slice(0, len));

function Tags(props: { label: string; value: string[]; max: number; len: number; onChange: (v: string[]) => void }) {
  return (
    <label className="ged-field">
      <span>{props.label}</span>
      <Select
        mode="tags"
        aria-label={props.label}
        placeholder={f.tagsPlaceholder}
        value={props.value}
        open={false}
        onChange={(v: string[]) => props.onChange(tagList(v, props.max, props.len))}
      />
    </label>
  );
}

/** The form of a draft, shaped by its kind; every change goes straight into the draft (and the preview). */
export function EditorForm({ body, edit }: { body: DraftBody; edit: Edit }) {
  const q = body.question;
  const quant = q.category === 3;
  const blanks = BLANKS[q.kind];
  const media = q.media;
  return (
    <div className="ged-form">
      <section className="ged-section" aria-label={f.basics}>
        <Typography.Title level={5}>{f.basics}</Typography.Title>
        <Space wrap>
          <Select
            aria-label={f.difficulty}
            value={q.difficulty}
            onChange={(v) => edit((d) => void (d.question.difficulty = v))}
            options={DIFFICULTIES.map((v) => ({ value: v, label: editorCopy.difficulties[v] }))}
          />
          <Select
            aria-label={f.visibility}
            value={q.visibility}
            onChange={(v) => edit((d) => void (d.question.visibility = v))}
            options={VISIBILITIES.map((v) => ({ value: v, label: editorCopy.visibilities[v] }))}
          />
          {quant && (
            <Select
              aria-label={f.topic}
              value={q.topic ?? null}
              placeholder={f.topic}
              onChange={(v) => edit((d) => void (d.question.topic = v))}
              options={MATH_TOPICS.map((v) => ({ value: v, label: editorCopy.topics[v] }))}
            />
          )}
        </Space>
        <label className="ged-field">
          <span>{f.brief}</span>
          <Input
            aria-label={f.brief}
            placeholder={f.briefHelp}
            value={q.brief}
            maxLength={120}
            onChange={(e) => edit((d) => void (d.question.brief = e.target.value))}
          />
        </label>
        <Tags
          label={f.tags}
          value={q.tags}
          max={10}
          len={30}
          onChange={(v) => edit((d) => void (d.question.tags = v))}
        />
      </section>

      {q.category === 2 && <PassageField body={body} edit={edit} />}

      <section className="ged-section" aria-label={f.stem}>
        <label className="ged-field">
          <span>{f.directions}</span>
          <Input
            aria-label={f.directions}
            value={q.description}
            maxLength={600}
            onChange={(e) => edit((d) => void (d.question.description = e.target.value))}
          />
        </label>
        <label className="ged-field">
          <span>{f.stem}</span>
          <Input.TextArea
            aria-label={f.stem}
            placeholder={blanks ? f.stemHelpBlanks(blanks) : undefined}
            autoSize={{ minRows: 3, maxRows: 12 }}
            value={q.inquiry}
            maxLength={4000}
            onChange={(e) => edit((d) => void (d.question.inquiry = e.target.value))}
          />
          {blanks && <Typography.Text type="secondary">{f.stemHelpBlanks(blanks)}</Typography.Text>}
        </label>
        {q.kind === 'qc' && (
          <Space wrap className="ged-quantities">
            <Input
              aria-label={f.quantityA}
              addonBefore={f.quantityA}
              value={q.quantity_a ?? ''}
              maxLength={600}
              onChange={(e) => edit((d) => void (d.question.quantity_a = e.target.value))}
            />
            <Input
              aria-label={f.quantityB}
              addonBefore={f.quantityB}
              value={q.quantity_b ?? ''}
              maxLength={600}
              onChange={(e) => edit((d) => void (d.question.quantity_b = e.target.value))}
            />
          </Space>
        )}
      </section>

      <OptionsField body={body} edit={edit} />
      <AnswerField body={body} edit={edit} />

      {quant && (
        <section className="ged-section" aria-label={f.media}>
          <Typography.Title level={5}>{f.media}</Typography.Title>
          {media.map((m, i) =>
            m.kind === 'svg' ? (
              <div key={i} className="ged-media">
                <Input.TextArea
                  aria-label={f.mediaSvg(i)}
                  placeholder='<svg xmlns="http://www.w3.org/2000/svg" …>'
                  autoSize={{ minRows: 2, maxRows: 8 }}
                  value={m.svg}
                  maxLength={20000}
                  onChange={(e) => edit((d) => void Object.assign(d.question.media[i]!, { svg: e.target.value }))}
                />
                <Space.Compact block>
                  <Input
                    aria-label={f.mediaAlt(i)}
                    placeholder={f.mediaAlt(i)}
                    value={m.alt}
                    maxLength={300}
                    onChange={(e) => edit((d) => void Object.assign(d.question.media[i]!, { alt: e.target.value }))}
                  />
                  <Button danger onClick={() => edit((d) => void d.question.media.splice(i, 1))}>
                    {f.mediaRemove(i)}
                  </Button>
                </Space.Compact>
              </div>
            ) : (
              <Typography.Paragraph key={i} type="secondary">
                {f.mediaTable(i)}
              </Typography.Paragraph>
            ),
          )}
          <Button
            size="small"
            disabled={media.length >= 3}
            onClick={() => edit((d) => void d.question.media.push({ kind: 'svg', svg: '', alt: '' }))}
          >
            {f.mediaAdd}
          </Button>
        </section>
      )}

      <section className="ged-section" aria-label={f.explanation}>
        <label className="ged-field">
          <span>{f.explanation}</span>
          <Input.TextArea
            aria-label={f.explanation}
            placeholder={f.explanationHelp}
            autoSize={{ minRows: 4, maxRows: 16 }}
            value={q.analysis.text}
            maxLength={8000}
            onChange={(e) => edit((d) => void (d.question.analysis.text = e.target.value))}
          />
        </label>
        <Tags
          label={f.keyWords}
          value={q.analysis.key_words}
          max={20}
          len={80}
          onChange={(v) => edit((d) => void (d.question.analysis.key_words = v))}
        />
        <Tags
          label={f.synonyms}
          value={q.analysis.synonyms}
          max={20}
          len={80}
          onChange={(v) => edit((d) => void (d.question.analysis.synonyms = v))}
        />
        <Tags
          label={f.antonyms}
          value={q.analysis.antonyms}
          max={20}
          len={80}
          onChange={(v) => edit((d) => void (d.question.analysis.antonyms = v))}
        />
      </section>
    </div>
  );
}
