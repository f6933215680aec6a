import { examCalls, FILTER_EXAM_MAX, type PracticeRequest, type QuestionBrief } from '@gre/contracts';
import { Alert, Button, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { queryClient, reportError } from '../../api/query-client';
import { ViewerModal } from '../../components/viewer-modal';
import { zh } from '../../i18n/zh-CN';
import { ExamSession, isTypedKind, useHeartbeat, type SessionSnapshot } from '../exam';
import type { BankNames } from '../questions';
import { PracticeSlot } from './practice-slot';

const v = zh.bank.viewer;

export interface PracticeList {
  /** The questions in order, as the list showed them. */
  items: QuestionBrief[];
  /** Opened inside this book (its access applies), or from the big bank. */
  bookId: string | null;
  title: string;
}

type Opening = { state: 'pending' } | { state: 'failed' } | { state: 'ready'; session: ExamSession | null };

/**
 * The practice behind the viewer: the learner's open practice of this book or list, resumed, or a new one. Every
 * answer is saved as given and every check is recorded through the exam session, the path all answers take.
 */
function usePracticeSession(list: PracticeList): Opening {
  const ids = list.items.filter((i) => i.accessable).map((i) => i.id);
  // A list of locked questions only has nothing to practise: the slot shows the lock.
  const nothing = !list.bookId && ids.length === 0;
  const [opening, setOpening] = useState<Opening>(nothing ? { state: 'ready', session: null } : { state: 'pending' });
  const asked = useRef(nothing);
  useEffect(() => {
    // One request per viewer, also when a development render runs the effect twice.
    if (asked.current) return;
    asked.current = true;
    const body: PracticeRequest = list.bookId
      ? { source: 'book', book_id: list.bookId }
      : { source: 'list', question_ids: ids.slice(0, FILTER_EXAM_MAX), title: list.title.slice(0, 60) };
    call(examCalls.practice, body).then(
      (exam) =>
        setOpening({ state: 'ready', session: new ExamSession(exam, { call, report: reportError, now: Date.now }) }),
      (err: unknown) => {
        reportError(err);
        setOpening({ state: 'failed' });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the viewer opens one practice for the list it was given
  }, []);
  return opening;
}

const idle = { subscribe: () => () => undefined, getSnapshot: () => null };

function useSnapshot(session: ExamSession | null): SessionSnapshot | null {
  const source = session ?? idle;
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}

/**
 * Practice through a list of questions one at a time, as a large dialog: answer, check the answer (graded, recorded,
 * shown with its explanation), move back and forth, finish. Answers are saved as given, so closing loses nothing and
 * reopening the book resumes; Esc closes only the topmost layer (the word pop-up first), a click outside does nothing,
 * and closing while a save is still on its way asks first.
 */
export function PracticeViewer({
  list,
  start,
  names,
  onClose,
}: {
  list: PracticeList;
  start: number;
  names: BankNames;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const opening = usePracticeSession(list);
  const session = opening.state === 'ready' ? opening.session : null;
  const snapshot = useSnapshot(session);
  const [index, setIndex] = useState(start);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const brief = list.items[index];
  const items = snapshot?.exam.sections[0]?.items ?? [];
  const position = brief ? items.findIndex((it) => it.question.id === brief.id) : -1;

  useEffect(() => {
    if (!session || position < 0) return;
    const id = session.getSnapshot().exam.sections[0]?.items[position]?.question.id ?? '';
    // Refused or opened each time it is shown: the quota may have room again (a new day, an upgrade).
    void session.open({ section: 0, question: position }).then((ok) =>
      setRefused((r) => {
        if (ok !== r.has(id)) return r;
        const next = new Set(r);
        if (ok) next.delete(id);
        else next.add(id);
        return next;
      }),
    );
  }, [session, position]);

  // The time on each question counts as in any untimed practice: the screen beats while it is visible.
  useHeartbeat(session !== null && position >= 0, 0, () => {
    if (session && position >= 0) void session.heartbeat({ section: 0, question: position });
  });

  const leave = () => {
    session?.dispose();
    void queryClient.invalidateQueries();
    onClose();
  };
  const requestClose = () => {
    session?.flush();
    const save = session?.getSnapshot().save;
    if (save !== 'saving' && save !== 'retrying') return leave();
    Modal.confirm({
      title: v.confirmCloseTitle,
      content: v.confirmCloseBody,
      okText: v.confirmCloseOk,
      cancelText: v.keepPractising,
      onOk: leave,
    });
  };
  if (!brief) return null;
  const n = list.items.length;
  const exam = snapshot?.exam ?? null;
  const unchecked = items.filter((it) => it.action.checked !== true).length;
  const finish = () =>
    Modal.confirm({
      title: v.finish,
      content: v.finishConfirm(unchecked),
      okText: v.finish,
      cancelText: v.keepPractising,
      onOk: async () => {
        if (!session || !exam) return;
        await session.finishSection(0);
        session.dispose();
        void queryClient.invalidateQueries();
        // The result page takes over; the viewer goes with the page it was opened on.
        void navigate(`/exam/${exam.id}`);
      },
    });
  const nav = (
    <Space wrap>
      <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
        {v.prev}
      </Button>
      <Button type="primary" disabled={index >= n - 1} onClick={() => setIndex(index + 1)}>
        {v.next}
      </Button>
      {exam && <Button onClick={finish}>{v.finish}</Button>}
    </Space>
  );
  const saveNote = snapshot?.save === 'saving' ? v.saving : snapshot?.save === 'retrying' ? v.retrying : null;
  return (
    <ViewerModal
      onCancel={requestClose}
      mask={{ closable: false }}
      className="gb-viewer"
      title={
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{list.title}</Typography.Text>
          <Tag>{v.progress(index + 1, n)}</Tag>
          <Tag color="blue">{names.kind(brief.kind)}</Tag>
          <Tag>{names.difficulty(brief.difficulty)}</Tag>
          {saveNote && <Typography.Text type="secondary">{saveNote}</Typography.Text>}
        </Space>
      }
      footer={null}
    >
      {opening.state === 'pending' ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : opening.state === 'failed' ? (
        <Alert type="error" showIcon title={v.loadFailed} />
      ) : (
        <PracticeSlot
          key={brief.id}
          brief={brief}
          item={position >= 0 ? (items[position] ?? null) : null}
          exam={exam!}
          bookId={list.bookId}
          opened={!refused.has(brief.id)}
          onAnswer={(a) => {
            const kind = items[position]?.question.input_method.kind ?? '';
            session?.answer({ section: 0, question: position }, a, isTypedKind(kind));
          }}
          onCheck={(a) => session!.check({ section: 0, question: position }, a)}
          nav={nav}
        />
      )}
    </ViewerModal>
  );
}
