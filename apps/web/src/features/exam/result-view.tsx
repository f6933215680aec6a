import type { ExamItem, ExamResult, ExamView, ScaledScore } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { zh } from '../../i18n/zh-CN.study';
import { useBankNames } from '../questions';
import { examResultQuery } from './exam-queries';
import { CheckIcon, CrossIcon, DashIcon } from './icons';
import { IssueScore, issueState } from './result-issue';
import { avgText, percentText, ResultReview, type ReviewEntry } from './result-review';

const t = zh.exam.result;

// Pacing and the drills show only once an exam is finished: loaded then, out of the exam screen's first load.
const pacing = () => import('./result-pacing');
const PaceCell = lazy(() => pacing().then((m) => ({ default: m.PaceCell })));
const PacingSummary = lazy(() => pacing().then((m) => ({ default: m.PacingSummary })));
const WeakKinds = lazy(() => pacing().then((m) => ({ default: m.WeakKinds })));

function ScoreCard({ label, score }: { label: string; score: ScaledScore }) {
  return (
    <div className="ge-score">
      <div className="ge-score-label">{label}</div>
      <div
        className="ge-score-value"
        aria-label={`${label} ${t.scaled(score.scaled, score.band_low, score.band_high)}`}
      >
        {score.scaled}
      </div>
      <div className="ge-score-band">{t.band(score.band_low, score.band_high)}</div>
      <div className="ge-muted">{t.raw(score.raw, score.raw_total)}</div>
      <div className="ge-muted">{t.section2(t.levels[score.section2] ?? score.section2)}</div>
    </div>
  );
}

function Scores({ examId, result }: { examId: number; result: ExamResult }) {
  if (!result.verbal && !result.quant && !result.issue) return null;
  const areas = (['verbal', 'quant'] as const).filter((a) => result[a] && result.interpret[a]);
  return (
    <section className="ge-card" aria-labelledby="ge-scores">
      <h2 id="ge-scores" className="ge-h2">
        {t.scoresTitle}
      </h2>
      <div className="ge-scores">
        {result.verbal && <ScoreCard label={t.verbal} score={result.verbal} />}
        {result.quant && <ScoreCard label={t.quant} score={result.quant} />}
        {result.total !== null && (
          <div className="ge-score is-total">
            <div className="ge-score-label">{t.total}</div>
            <div className="ge-score-value">{result.total}</div>
          </div>
        )}
        {result.issue && <IssueScore examId={examId} issue={result.issue} />}
      </div>
      {(result.verbal || result.quant) && <p className="ge-muted ge-small">{t.bandNote}</p>}
      {areas.length > 0 && (
        <>
          <h3 className="ge-h3">{t.interpretTitle}</h3>
          {areas.map((a) => (
            <p key={a} className="ge-interpret">
              <strong>{a === 'verbal' ? t.verbal : t.quant}：</strong>
              {zh.exam.interpret[a][result.interpret[a]!]}
            </p>
          ))}
        </>
      )}
    </section>
  );
}

function Verdict({ item, issue }: { item: ExamItem; issue: ExamResult['issue'] }) {
  if (item.result?.issue) {
    // The result's own issue follows the judging; the item keeps the state it had when the exam was submitted.
    const state = issue
      ? issueState(issue.status, issue.words > 0)
      : issueState(item.result.issue, item.action.state === 'Answered');
    return <span className="ge-verdict is-essay">{`${t.essay} · ${t.issueStatus[state]}`}</span>;
  }
  if (item.action.state !== 'Answered')
    return (
      <span className="ge-verdict is-unanswered">
        <DashIcon />
        {t.unanswered}
      </span>
    );
  return item.result?.correct ? (
    <span className="ge-verdict is-right">
      <CheckIcon />
      {t.right}
    </span>
  ) : (
    <span className="ge-verdict is-wrong">
      <CrossIcon />
      {t.wrong}
    </span>
  );
}

function Questions({
  exam,
  kindName,
  onOpen,
}: {
  exam: ExamView;
  kindName: (k: string) => string;
  onOpen: (flatIndex: number) => void;
}) {
  // Where each section starts in the flat list the review dialog pages through.
  const offsets = exam.sections.map((_, i) => exam.sections.slice(0, i).reduce((n, s) => n + s.items.length, 0));
  const c = t.qColumns;
  return (
    <section className="ge-card" aria-labelledby="ge-questions">
      <h2 id="ge-questions" className="ge-h2">
        {t.questionsTitle}
      </h2>
      <p className="ge-muted">{t.questionsIntro}</p>
      <Suspense fallback={null}>
        <PacingSummary exam={exam} />
      </Suspense>
      {exam.sections.map((s, si) => (
        <div key={s.index} className="ge-result-section">
          <h3 className="ge-h3">{s.name}</h3>
          <table className="ge-table ge-qtable">
            <thead>
              <tr>
                <th scope="col">{c.number}</th>
                <th scope="col">{c.kind}</th>
                <th scope="col">{c.verdict}</th>
                <th scope="col">{c.yours}</th>
                <th scope="col">{c.avg}</th>
                <th scope="col">{c.percent}</th>
              </tr>
            </thead>
            <tbody>
              {s.items.map((it, i) => {
                const at = offsets[si]! + i;
                return (
                  <tr key={i} onClick={() => onOpen(at)} className="is-clickable">
                    <td data-label={c.number}>
                      <button type="button" className="ge-row-button">
                        {i + 1}
                      </button>
                    </td>
                    <td data-label={c.kind}>{kindName(it.question.kind)}</td>
                    <td data-label={c.verdict}>
                      <Verdict item={it} issue={exam.result?.issue ?? null} />
                    </td>
                    <td data-label={c.yours}>
                      <Suspense fallback={zh.exam.duration(it.action.used_time_seconds)}>
                        <PaceCell item={it} />
                      </Suspense>
                    </td>
                    <td data-label={c.avg}>{avgText(it.result?.avg_time_seconds ?? null)}</td>
                    <td data-label={c.percent}>{percentText(it.result?.percent_correct ?? null)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

function ResultBody({ exam }: { exam: ExamView }) {
  const names = useBankNames();
  const [open, setOpen] = useState<number | null>(null);
  const entries = useMemo<ReviewEntry[]>(
    () => exam.sections.flatMap((s) => s.items.map((item, i) => ({ item, number: i + 1, sectionName: s.name }))),
    [exam],
  );
  const result = exam.result;
  const k = t.kindColumns;
  return (
    <main className="ge-page ge-result">
      <div className="ge-card">
        <p className="ge-kicker">{t.title}</p>
        <h1 className="ge-title">{exam.name}</h1>
        {result && (
          <p className="ge-overall">
            <span>{t.correct(result.correct, result.total_questions)}</span>
            <span>{t.usedTime(zh.exam.duration(result.used_time_seconds))}</span>
          </p>
        )}
        <nav className="ge-links">
          {exam.template_id && <Link to={`/report/${exam.template_id}`}>{t.reportLink}</Link>}
          <Link to="/record">{t.recordLink}</Link>
        </nav>
      </div>
      {result && <Scores examId={exam.id} result={result} />}
      {result && result.kinds.length > 0 && (
        <section className="ge-card" aria-labelledby="ge-kinds">
          <h2 id="ge-kinds" className="ge-h2">
            {t.kindsTitle}
          </h2>
          <table className="ge-table">
            <thead>
              <tr>
                <th scope="col">{k.kind}</th>
                <th scope="col">{k.correct}</th>
                <th scope="col">{k.total}</th>
                <th scope="col">{k.avg}</th>
              </tr>
            </thead>
            <tbody>
              {result.kinds.map((row) => (
                <tr key={row.kind}>
                  <td>{names.kind(row.kind)}</td>
                  <td>{row.correct}</td>
                  <td>{row.total}</td>
                  <td>{zh.exam.duration(row.avg_time_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {result && (
        <Suspense fallback={null}>
          <WeakKinds exam={exam} kindName={names.kind} />
        </Suspense>
      )}
      <Questions exam={exam} kindName={names.kind} onOpen={setOpen} />
      {open !== null && (
        <ResultReview
          entries={entries}
          index={open}
          kindName={names.kind}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </main>
  );
}

/** Spec §2 Result: loads `/api/exam/result` once the exam is finished. */
export function ResultView({ examId }: { examId: number }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(examResultQuery(examId));
  if (data) return <ResultBody exam={data} />;
  return (
    <main className="ge-page">
      <div className="ge-card" aria-busy={isPending}>
        {isError ? (
          <>
            <h1 className="ge-title">{t.failed}</h1>
            <button type="button" className="ge-button is-primary" onClick={() => void refetch()} disabled={isFetching}>
              {zh.exam.retry}
            </button>
          </>
        ) : (
          <p className="ge-muted">{t.loading}</p>
        )}
      </div>
    </main>
  );
}
