import { checkDraft, type DraftBody, type DraftProblem, type EditorRevision } from '@gre/contracts';
import { Alert, App, Button, Drawer, Popconfirm, Space, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { QuestionView } from '../questions';
import { editOf } from './draft-edit';
import { EditorForm } from './editor-form';
import { downloadExport, useDiscardDraft, usePublish, useSaveDraft, type EditorTarget } from './editor-queries';
import { fieldLabel } from './field-labels';
import { HistoryPanel } from './history-panel';
import { keyedAnswer, previewView } from './preview';

const a = editorCopy.actions;
const c = editorCopy.check;

/** The server's refusal as problem lines: its detail is `n problem(s): path: message; …`. */
function serverProblems(e: unknown): DraftProblem[] {
  if (!(e instanceof ApiError) || e.kind !== 'content_invalid') return [];
  return e.detail
    .replace(/^\d+ problem\(s\): /, '')
    .split('; ')
    .map((line) => ({ path: '', message: line }));
}

function Problems({ problems, server }: { problems: DraftProblem[]; server: DraftProblem[] }) {
  const list = (items: DraftProblem[]) => (
    <ul className="ged-problems">
      {items.map((p, i) => (
        <li key={i}>
          {p.path && <strong>{fieldLabel(p.path)}</strong>} {p.message}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="ged-check" role="region" aria-label={c.title}>
      <Typography.Title level={5}>{c.title}</Typography.Title>
      {problems.length === 0 ? (
        <Alert type="success" showIcon title={c.ok} />
      ) : (
        <Alert type="warning" showIcon title={c.count(problems.length)} description={list(problems)} />
      )}
      {server.length > 0 && <Alert type="error" showIcon title={c.server} description={list(server)} />}
    </div>
  );
}

export interface Opened {
  target: EditorTarget;
  body: DraftBody;
}

/** One question being edited: the toolbar, the form, the content check and the live preview beside it. */
export function EditorWorkbench({ opened, onBack }: { opened: Opened; onBack: () => void }) {
  const { message } = App.useApp();
  const [body, setBody] = useState(opened.body);
  const [target, setTarget] = useState(opened.target);
  const [refusal, setRefusal] = useState<DraftProblem[]>([]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const save = useSaveDraft();
  const publish = usePublish();
  const discard = useDiscardDraft();
  const edit = editOf(body, setBody);
  // The check and the preview follow the typing a beat behind, so a long passage never slows the keys.
  const shown = useDeferredValue(body);
  const { problems } = useMemo(() => checkDraft(shown), [shown]);
  const view = useMemo(() => previewView(shown), [shown]);

  const onSave = () =>
    save.mutate(
      { target, body },
      {
        onSuccess: (r) => {
          setTarget((t) => ({ ...t, draftId: r.draft_id }));
          void message.success(a.saved);
        },
      },
    );
  const onPublish = async () => {
    setRefusal([]);
    try {
      const r = await publish.mutateAsync({ target, body });
      setTarget({ questionId: r.question_id, draftId: null, revision: r.revision });
      setBody((b) => ({
        question: { ...b.question, id: r.question_id, ...(r.passage_id ? { passage_id: r.passage_id } : {}) },
        passage: b.passage && r.passage_id ? { ...b.passage, id: r.passage_id } : b.passage,
      }));
      void message.success(a.published(r.question_id, r.revision));
    } catch (e) {
      setRefusal(serverProblems(e));
    }
  };
  const onLoad = (r: EditorRevision) => {
    setBody({ ...r.after, question: { ...r.after.question, id: target.questionId ?? undefined } });
    setHistoryOpen(false);
    void message.info(editorCopy.history.loaded(r.revision));
  };
  const kind = editorCopy.kinds[body.question.kind] ?? body.question.kind;

  return (
    <div className="ged-workbench">
      <div className="ged-toolbar">
        <Button onClick={onBack}>{editorCopy.form.back}</Button>
        <Typography.Title level={4} className="ged-title">
          {editorCopy.form.title(target.questionId, kind)}
        </Typography.Title>
        <Space wrap>
          <Button onClick={onSave} loading={save.isPending}>
            {a.save}
          </Button>
          <Button type="primary" onClick={() => void onPublish()} loading={publish.isPending}>
            {a.publish}
          </Button>
          {target.draftId !== null && (
            <Popconfirm
              title={a.discardConfirm}
              okText={a.ok}
              cancelText={a.cancel}
              onConfirm={() =>
                discard.mutate(target.draftId!, {
                  onSuccess: () => {
                    void message.success(a.discarded);
                    onBack();
                  },
                })
              }
            >
              <Button danger>{a.discard}</Button>
            </Popconfirm>
          )}
          {target.questionId !== null && (
            <>
              <Button onClick={() => setHistoryOpen(true)}>{a.history}</Button>
              <Button onClick={() => void downloadExport({ question_id: target.questionId! })}>{a.exportOne}</Button>
            </>
          )}
        </Space>
      </div>
      <div className="ged-columns">
        <div className="ged-left">
          <EditorForm body={body} edit={edit} />
        </div>
        <aside className="ged-preview" aria-label={editorCopy.preview.title}>
          <Problems problems={problems} server={refusal} />
          <Typography.Title level={5}>{editorCopy.preview.title}</Typography.Title>
          <Typography.Paragraph type="secondary">{editorCopy.preview.help}</Typography.Paragraph>
          <QuestionView question={view} answer={keyedAnswer(shown)} mode="review" />
        </aside>
      </div>
      {target.questionId !== null && (
        <Drawer
          title={editorCopy.history.title}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          size="large"
          destroyOnHidden
        >
          <HistoryPanel questionId={target.questionId} onLoad={onLoad} />
        </Drawer>
      )}
    </div>
  );
}
