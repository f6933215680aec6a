import { userCalls, type ExamView, type User } from '@gre/contracts';
import { useId, useState } from 'react';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { queryClient, reportError } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN.study';

const t = zh.exam.intro;

/**
 * Switches the learner's ETS mode. The shared user query changes at once, so the switch and the screen after 开始考试
 * follow the choice without waiting; a refused call puts the old value back.
 */
async function saveEtsMode(on: boolean): Promise<void> {
  const before = queryClient.getQueryData<User>(queryKeys.currentUser);
  if (before)
    queryClient.setQueryData<User>(queryKeys.currentUser, { ...before, data: { ...before.data, exam_ets_mode: on } });
  try {
    const user = await call(userCalls.updateExamEtsMode, { ets_mode: on }, { quiet: true });
    queryClient.setQueryData<User>(queryKeys.currentUser, user);
  } catch (err) {
    if (before) queryClient.setQueryData<User>(queryKeys.currentUser, before);
    reportError(err);
  }
}

/** A mock's screen: the real test's English (ETS mode) or Chinese, remembered for the learner's next mocks. */
function EtsSwitch({ on }: { on: boolean }) {
  const noteId = useId();
  const [saving, setSaving] = useState(false);
  const toggle = async () => {
    setSaving(true);
    try {
      await saveEtsMode(!on);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <h2 className="ge-h2">{t.etsTitle}</h2>
      <div className="ge-ets-switch">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={noteId}
          className="ge-switch"
          onClick={() => void toggle()}
          disabled={saving}
        >
          <span className="ge-switch-track" aria-hidden />
          <span>{t.etsSwitch}</span>
        </button>
        <p id={noteId} className="ge-muted">
          {on ? t.etsOn : t.etsOff}
          {t.etsRemembered}
        </p>
      </div>
    </>
  );
}

/**
 * Spec §2 StartIntro: what the exam holds, how long each part takes, the rules, and for a mock the ETS mode switch;
 * "开始考试" starts the first clock.
 */
export function StartIntro({
  exam,
  etsMode,
  onStart,
}: {
  exam: ExamView;
  /** The mock's ETS mode; null for practice, which is always in Chinese. */
  etsMode: boolean | null;
  onStart: () => Promise<void>;
}) {
  const [starting, setStarting] = useState(false);
  const questions = exam.sections.reduce((n, s) => n + s.question_count, 0);
  const seconds = exam.sections.reduce((n, s) => n + s.time_limit_seconds, 0);
  const timed = seconds > 0;
  const adaptive = exam.sections.some((s) => s.part === 2);
  const start = async () => {
    setStarting(true);
    try {
      await onStart();
    } finally {
      setStarting(false);
    }
  };
  return (
    <main className="ge-page ge-intro">
      <div className="ge-card">
        <p className="ge-kicker">{t.kicker}</p>
        <h1 className="ge-title">{exam.name}</h1>
        <p className="ge-muted">{t.total(questions, seconds, timed)}</p>

        <h2 className="ge-h2">{t.sectionsTitle}</h2>
        <table className="ge-table">
          <thead>
            <tr>
              <th scope="col">{t.columns.section}</th>
              <th scope="col">{t.columns.questions}</th>
              <th scope="col">{t.columns.time}</th>
            </tr>
          </thead>
          <tbody>
            {exam.sections.map((s) => (
              <tr key={s.index}>
                <td>{s.name}</td>
                <td>{t.questions(s.question_count)}</td>
                <td>{s.time_limit_seconds > 0 ? zh.exam.timeLimit(s.time_limit_seconds) : t.untimed}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2 className="ge-h2">{t.rulesTitle}</h2>
        <ul className="ge-rules">
          {t.rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
          <li>{timed ? t.clockTimed : t.clockCountUp}</li>
          {adaptive && <li>{t.adaptive}</li>}
          {!timed && <li>{t.countUp}</li>}
          {timed && !exam.is_auto_commit && <li>{t.noAutoCommit}</li>}
        </ul>
        {etsMode !== null && <EtsSwitch on={etsMode} />}
        <p className="ge-keys">
          <strong>{t.keysTitle}：</strong>
          {t.keys}
        </p>
        <div className="ge-actions">
          <button
            type="button"
            className="ge-button is-primary is-large"
            onClick={() => void start()}
            disabled={starting}
          >
            {starting ? t.starting : t.start}
          </button>
        </div>
      </div>
    </main>
  );
}
