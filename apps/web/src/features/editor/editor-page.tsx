import { editorCalls, newDraft, type EditorKind, type EditorLine } from '@gre/contracts';
import { Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { EditorList } from './editor-list';
import { EditorWorkbench, type Opened } from './editor-workbench';
import './editor.css';

/**
 * /operate's 题目编辑 (operators and admins; the server checks every call again): the list, or one question in the
 * workbench. A new question stays in the browser until its first 保存草稿 or 发布.
 */
export function EditorPage() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [loading, setLoading] = useState(false);
  // Each open gets a fresh workbench, so nothing typed for one question leaks into the next.
  const [serial, setSerial] = useState(0);

  const show = (next: Opened) => {
    setOpened(next);
    setSerial((n) => n + 1);
  };
  const open = async (line: EditorLine) => {
    setLoading(true);
    try {
      const r = await call(
        editorCalls.open,
        line.question_id ? { question_id: line.question_id } : { draft_id: line.draft_id! },
      );
      show({ target: { questionId: r.question_id, draftId: r.draft_id, revision: r.revision }, body: r.body });
    } finally {
      setLoading(false);
    }
  };
  const create = (kind: EditorKind) =>
    show({ target: { questionId: null, draftId: null, revision: 0 }, body: newDraft(kind) });

  if (loading) return <Skeleton active />;
  return (
    <div className="ged-page">
      {opened ? (
        <EditorWorkbench key={serial} opened={opened} onBack={() => setOpened(null)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{editorCopy.intro}</Typography.Paragraph>
          <EditorList onOpen={(line) => void open(line)} onNew={create} />
        </>
      )}
    </div>
  );
}
