import type { ExamSection } from '@gre/contracts';
import { useState } from 'react';
import { numbersWhere, sectionCounts } from './exam-model';
import { AnsweredIcon, DashIcon, FlagIcon } from './icons';
import { sectionTitle, useEts, useScreenCopy } from './screen-copy';

export interface EndIntroProps {
  section: ExamSection;
  /** The section is already submitted (time up, Exit Section, or resumed after it). */
  submitted: boolean;
  timeUp: boolean;
  /** The next section's title; null after the last one. */
  nextName: string | null;
  /** Submits (when not yet) and goes on. */
  onContinue: () => Promise<void>;
  /** Back into the section; absent once it may no longer change. */
  onBack?: () => void;
  /** A question of the section (open sections only). */
  onJump?: (question: number) => void;
}

function NumberList({
  title,
  numbers,
  onJump,
}: {
  title: string;
  numbers: number[];
  onJump?: (question: number) => void;
}) {
  const ets = useEts();
  if (!numbers.length) return null;
  return (
    <div className="ge-number-list">
      <span className="ge-muted">
        {title}
        {ets ? ':' : '：'}
      </span>
      {numbers.map((n) =>
        onJump ? (
          <button key={n} type="button" className="ge-chip" onClick={() => onJump(n - 1)}>
            {n}
          </button>
        ) : (
          <span key={n} className="ge-chip is-static">
            {n}
          </span>
        ),
      )}
    </div>
  );
}

/** Spec §2 EndIntro: the "本节结束" screen with the section's answered / unanswered / marked counts. */
export function EndIntro({ section, submitted, timeUp, nextName, onContinue, onBack, onJump }: EndIntroProps) {
  const ets = useEts();
  const t = useScreenCopy().end;
  const [busy, setBusy] = useState(false);
  const counts = sectionCounts(section);
  const lead = timeUp ? (submitted ? t.autoSubmitted : t.timeUpNoCommit) : submitted ? t.submitted : t.reachedEnd;
  const go = async () => {
    setBusy(true);
    try {
      await onContinue();
    } finally {
      setBusy(false);
    }
  };
  const label = nextName === null ? (submitted ? t.showResult : t.finish) : t.continue;
  return (
    <main className="ge-page ge-end" lang={ets ? 'en' : undefined}>
      <div className="ge-card">
        <h1 className="ge-title">{timeUp ? t.timeUp : t.title}</h1>
        <p className="ge-section-label">{sectionTitle(section, ets)}</p>
        <p>{lead}</p>
        <dl className="ge-counts">
          <div className="is-answered">
            <dt>
              <AnsweredIcon />
              {t.answered}
            </dt>
            <dd>{t.count(counts.answered)}</dd>
          </div>
          <div className="is-unanswered">
            <dt>
              <DashIcon />
              {t.unanswered}
            </dt>
            <dd>{t.count(counts.unanswered)}</dd>
          </div>
          <div className="is-marked">
            <dt>
              <FlagIcon filled />
              {t.marked}
            </dt>
            <dd>{t.count(counts.marked)}</dd>
          </div>
        </dl>
        <NumberList
          title={t.unansweredList}
          numbers={numbersWhere(section, (it) => it.action.state !== 'Answered')}
          onJump={onJump}
        />
        <NumberList title={t.markedList} numbers={numbersWhere(section, (it) => it.action.flagged)} onJump={onJump} />
        {nextName && <p className="ge-muted">{t.nextSection(nextName)}</p>}
        <div className="ge-actions">
          {onBack && (
            <button type="button" className="ge-button" onClick={onBack} disabled={busy}>
              {t.back}
            </button>
          )}
          <button type="button" className="ge-button is-primary is-large" onClick={() => void go()} disabled={busy}>
            {label}
          </button>
        </div>
      </div>
    </main>
  );
}
