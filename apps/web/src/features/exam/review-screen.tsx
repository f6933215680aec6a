import type { ExamItem, ExamSection } from '@gre/contracts';
import { useEffect, useRef } from 'react';
import { AnsweredIcon, DashIcon, FlagIcon, UnseenIcon } from './icons';
import { sectionTitle, useEts, useScreenCopy } from './screen-copy';

/** ui.md: a status is an icon and a word, never a colour alone. */
export function ItemStatus({ item }: { item: ExamItem }) {
  const t = useScreenCopy();
  const state = item.action.state;
  const icon = state === 'Answered' ? <AnsweredIcon /> : state === 'NotAnswered' ? <DashIcon /> : <UnseenIcon />;
  return (
    <span className={`ge-status is-${state}`}>
      {icon}
      {t.status[state]}
    </span>
  );
}

export function MarkedBadge() {
  const t = useScreenCopy();
  return (
    <span className="ge-marked">
      <FlagIcon filled />
      {t.status.marked}
    </span>
  );
}

/**
 * The test's Review screen: every question of the section with its status and mark; choosing one goes there,
 * "返回作答" (Return) goes back to the question the learner came from.
 */
export function ReviewScreen({
  section,
  current,
  onJump,
  onReturn,
}: {
  section: ExamSection;
  current: number;
  onJump: (question: number) => void;
  onReturn: () => void;
}) {
  const ets = useEts();
  const t = useScreenCopy();
  const currentRef = useRef<HTMLButtonElement>(null);
  useEffect(() => currentRef.current?.focus(), []);
  return (
    <main className="ge-page ge-review" lang={ets ? 'en' : undefined}>
      <div className="ge-card">
        <div className="ge-card-head">
          <h1 className="ge-title">
            {t.review.title} · {sectionTitle(section, ets)}
          </h1>
          <button type="button" className="ge-button is-primary" onClick={onReturn}>
            {t.review.back}
          </button>
        </div>
        <p className="ge-muted">{t.review.intro}</p>
        <table className="ge-table ge-review-table">
          <thead>
            <tr>
              <th scope="col">{t.review.columns.number}</th>
              <th scope="col">{t.review.columns.status}</th>
              <th scope="col">{t.review.columns.marked}</th>
            </tr>
          </thead>
          <tbody>
            {section.items.map((item, i) => (
              // The whole row is the target; its button (whose click bubbles here) gives keyboards the same.
              <tr
                key={i}
                className={i === current ? 'is-current' : undefined}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onJump(i)}
              >
                <td>
                  <button
                    type="button"
                    className="ge-row-button"
                    aria-label={t.review.goTo(i + 1)}
                    ref={i === current ? currentRef : undefined}
                  >
                    {i + 1}
                  </button>
                </td>
                <td>
                  <ItemStatus item={item} />
                </td>
                <td>{item.action.flagged ? <MarkedBadge /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
