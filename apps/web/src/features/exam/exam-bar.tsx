import type { ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import type { LocalClock, SaveState } from './exam-session';
import { ExamTimer } from './exam-timer';
import { BackIcon, CalculatorIcon, ExitIcon, FlagIcon, HelpIcon, NextIcon, ReviewIcon } from './icons';
import { useEts, useScreenCopy } from './screen-copy';

export interface BarActions {
  onExit?: () => void;
  onReview?: () => void;
  onMark?: () => void;
  onHelp?: () => void;
  onBack?: () => void;
  onNext?: () => void;
  onCalculator?: () => void;
}

interface ExamBarProps extends BarActions {
  examName: string;
  sectionName: string;
  /** "Section 2 of 5" in ETS mode. */
  sectionNumber: { number: number; total: number };
  /** "第 3 题 / 共 12 题"; null on screens that are not a question (review, section end). */
  progress: { number: number; total: number } | null;
  clock: LocalClock | null;
  onTimeUp: () => void;
  save: SaveState;
  flagged: boolean;
  calculatorOpen: boolean;
  /** Extra content on the second row (the review screen's "返回作答"). */
  children?: ReactNode;
  /** A line under the bar that stays with it (the offline banner). */
  notice?: ReactNode;
}

function BarButton({
  label,
  icon,
  onClick,
  pressed,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  pressed?: boolean;
  disabled?: boolean;
}) {
  if (!onClick) return null;
  return (
    <button type="button" className="ge-bar-button" onClick={onClick} aria-pressed={pressed} disabled={disabled}>
      {icon}
      <span>{label}</span>
    </button>
  );
}

function SaveIndicator({ save }: { save: SaveState }) {
  const t = useScreenCopy().save;
  const text = save === 'saving' ? t.saving : save === 'saved' ? t.saved : save === 'retrying' ? t.retrying : '';
  return (
    <span className={`ge-save is-${save}`} role="status" aria-live="polite">
      {text}
    </span>
  );
}

/**
 * The test's top bar: section name, question count and the clock, and only the official buttons (Exit Section,
 * Review, Mark, Help in ETS mode, Back, Next; Calculator in Quant). On phones the buttons sit in a bar at the bottom,
 * within thumb reach.
 */
export function ExamBar(props: ExamBarProps) {
  const { examName, sectionName, sectionNumber, progress, clock, onTimeUp, save, flagged, calculatorOpen, children } =
    props;
  const ets = useEts();
  const t = useScreenCopy().bar;
  const anyAction = [
    props.onCalculator,
    props.onExit,
    props.onReview,
    props.onMark,
    props.onHelp,
    props.onBack,
    props.onNext,
  ].some(Boolean);
  return (
    <header className="ge-bar" lang={ets ? 'en' : undefined}>
      <div className="ge-bar-row">
        <div className="ge-bar-title">
          <span className="ge-exam-name" lang={ets ? 'zh-CN' : undefined}>
            {examName}
          </span>
          <span className="ge-section-name">{sectionName}</span>
        </div>
        {anyAction && (
          <nav className="ge-bar-actions" aria-label={t.toolbar}>
            <BarButton
              label={t.calculator}
              icon={<CalculatorIcon />}
              onClick={props.onCalculator}
              pressed={calculatorOpen}
            />
            <BarButton label={t.exit} icon={<ExitIcon />} onClick={props.onExit} />
            <BarButton label={t.review} icon={<ReviewIcon />} onClick={props.onReview} />
            <BarButton label={t.mark} icon={<FlagIcon filled={flagged} />} onClick={props.onMark} pressed={flagged} />
            <BarButton label={zh.ets.help} icon={<HelpIcon />} onClick={props.onHelp} />
            <BarButton
              label={t.back}
              icon={<BackIcon />}
              onClick={props.onBack}
              disabled={!progress || progress.number <= 1}
            />
            <BarButton label={t.next} icon={<NextIcon />} onClick={props.onNext} />
          </nav>
        )}
      </div>
      <div className="ge-bar-sub">
        <span className="ge-progress">
          {ets && <span className="ge-section-of">{zh.ets.sectionOf(sectionNumber.number, sectionNumber.total)}</span>}
          {progress && <span>{t.progress(progress.number, progress.total)}</span>}
          {progress && flagged && (
            <span className="ge-flag-note">
              <FlagIcon filled />
              {t.marked}
            </span>
          )}
        </span>
        {children}
        <SaveIndicator save={save} />
        <ExamTimer clock={clock} onTimeUp={onTimeUp} />
      </div>
      {props.notice}
    </header>
  );
}
