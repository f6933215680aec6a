import type { ExamView } from '@gre/contracts';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN.study';

const t = zh.exam.intro;

/** Spec §2 StartIntro: what the exam holds, how long each part takes, the rules; "开始考试" starts the first clock. */
export function StartIntro({ exam, onStart }: { exam: ExamView; onStart: () => Promise<void> }) {
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
                <td>{s.time_limit_seconds > 0 ? t.minutes(s.time_limit_seconds) : t.untimed}</td>
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
