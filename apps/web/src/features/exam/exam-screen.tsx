import type { Answer, ExamStage, ExamView } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { call } from '../../api/client';
import { currentUserQuery, queryKeys } from '../../api/queries';
import { queryClient, reportError } from '../../api/query-client';
import { EtsModeContext } from '../../components/ets-mode';
import { useIsPhone } from '../../components/use-is-phone';
import { palette } from '../../theme';
import { answerForNumber, emptyAnswer, questionCssVars, QuestionView, type QuestionViewHandle } from '../questions';
import { Calculator } from './calculator';
import { initialCalc } from './calculator-engine';
import { ExamBar, type BarActions } from './exam-bar';
import { ExitSectionDialog } from './exam-dialog';
import { hasCalculator, openSectionIndex, resumePosition, type Position } from './exam-model';
import { ExamSession } from './exam-session';
import { OfflineBanner } from './offline-banner';
import { indexedDbStore } from './offline-queue';
import { EndIntro } from './end-intro';
import { HelpScreen } from './help-screen';
import { ReviewScreen } from './review-screen';
import { etsModeFor, sectionTitle } from './screen-copy';
import { StartIntro } from './start-intro';
import { useExamKeys } from './use-exam-keys';
import { useHeartbeat } from './use-heartbeat';
import './exam.css';
import './exam-ets.css';

// The result (score cards, review table) is shown once, after the last section: loaded then, it stays out of the
// exam's first load (issue 4 budget, bench:web).
const ResultView = lazy(() => import('./result-view').then((m) => ({ default: m.ResultView })));

/** What the learner looks at; the stage shown also depends on the exam (a section the server closed shows its end). */
type Screen =
  | { kind: 'intro' }
  | { kind: 'question'; at: Position }
  | { kind: 'review'; at: Position }
  | { kind: 'end'; at: Position; timeUp: boolean }
  | { kind: 'result' };

/** Answers typed key by key wait for a pause before they are saved. */
const TYPED = new Set(['TextFill', 'Fraction', 'Essay']);

/** The theme tokens the exam stylesheet reads (exam.css). */
export const examVars = {
  ...questionCssVars(),
  '--ge-bar': palette.text,
  '--ge-bar-text': palette.surface,
  '--ge-scrim': palette.scrim,
} as CSSProperties;

function initialScreen(exam: ExamView): Screen {
  if (exam.status === 'NotStart') return { kind: 'intro' };
  if (exam.status === 'Finished') return { kind: 'result' };
  return { kind: 'question', at: resumePosition(exam) };
}

function stageOf(exam: ExamView, screen: Screen, advancing: boolean): ExamStage {
  if (screen.kind === 'intro' || exam.status === 'NotStart') return 'StartIntro';
  if (screen.kind === 'result') return 'Result';
  if (exam.sections[screen.at.section]?.action.finished && !advancing) return 'EndIntro';
  if (screen.kind === 'end') return 'EndIntro';
  return screen.kind === 'review' ? 'Review' : 'InExam';
}

/**
 * The exam screen (spec §2 stages StartIntro → InExam → EndIntro → Review → Result), made to rehearse the computer
 * test: the official buttons only, the section clock, the review screen, the calculator in Quant. Every answer is
 * saved through the session's queue as it is given. A mock in ETS mode shows the test's English labels, Help, and the
 * essay beside its topic.
 */
export function ExamScreen({ initial }: { initial: ExamView }) {
  const [session] = useState(
    () =>
      new ExamSession(initial, {
        call,
        report: reportError,
        now: Date.now,
        store: indexedDbStore(),
        online: () => navigator.onLine,
      }),
  );
  const { exam, save, clock, network } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [screen, setScreen] = useState<Screen>(() => initialScreen(initial));
  const [advancing, setAdvancing] = useState(false);
  const [exitOpen, setExitOpen] = useState(false);
  const [calcOpen, setCalcOpen] = useState(false);
  /** The section whose Help is open: Help closes with its section (one submitted by its clock, say). */
  const [helpSection, setHelpSection] = useState<number | null>(null);
  const [calc, setCalc] = useState(initialCalc);
  // The route loaded the user before the page (requireUser), so the mode is known at the first render.
  const { data: user } = useQuery(currentUserQuery);
  const questionRef = useRef<QuestionViewHandle>(null);
  const phone = useIsPhone();

  useEffect(() => {
    // A tab going to the background (closing, switching apps on a phone) sends what is still being typed.
    const onHide = () => document.visibilityState === 'hidden' && session.flush();
    document.addEventListener('visibilitychange', onHide);
    // The browser knows of a lost network before a send fails, and of its return before the next retry.
    const onOnline = () => session.setOnline(true);
    const onOffline = () => session.setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      session.dispose();
    };
  }, [session]);

  // Each submitted section changes the record and report pages.
  const submittedCount = exam.sections.filter((s) => s.action.finished).length;
  useEffect(() => {
    if (submittedCount > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.exams });
  }, [submittedCount]);

  const stage = stageOf(exam, screen, advancing);
  const at = 'at' in screen ? screen.at : null;
  const section = at ? exam.sections[at.section] : undefined;
  const item = at && section ? section.items[at.question] : undefined;
  const sectionOpen =
    Boolean(section && !section.action.finished) && (exam.status === 'Start' || exam.status === 'PartCompleted');
  const live = sectionOpen && (stage === 'InExam' || stage === 'Review' || stage === 'EndIntro');
  const calculator = live && stage !== 'EndIntro' && section !== undefined && hasCalculator(section, item);
  // The intro (with the mode's switch) and the result stay Chinese; ETS mode is the test screen itself.
  const ets = etsModeFor(exam, user) && stage !== 'StartIntro' && stage !== 'Result';
  // The test's writing section has neither Mark nor Review.
  const writing = section?.area === 'issue';
  // A section 2 whose questions did not arrive with the submit (the reload failed): ask again.
  const missingItems = live && section !== undefined && section.items.length === 0;
  useEffect(() => {
    if (missingItems) void session.refetch();
  }, [missingItems, session]);

  useHeartbeat(live, at?.section ?? -1, () => {
    if (at) void session.heartbeat(at);
  });

  // A question opens at its top, as on the test: on a phone the page would keep the last one's scroll (a long
  // passage, the essay) and show the new question from its middle.
  const questionKey = screen.kind === 'question' ? `${screen.at.section}:${screen.at.question}` : null;
  useEffect(() => {
    if (questionKey !== null) window.scrollTo(0, 0);
  }, [questionKey]);

  const goTo = (next: Position) => {
    session.move(next);
    setScreen({ kind: 'question', at: next });
  };

  /** After a submitted section: the next open one (at its saved question), or the result. */
  const enterOpenSection = () => {
    const now = session.getSnapshot().exam;
    const open = openSectionIndex(now);
    if (now.status === 'Finished' || open === null) {
      setCalcOpen(false);
      setScreen({ kind: 'result' });
      return;
    }
    goTo({ section: open, question: now.cursor.section_index === open ? now.cursor.question_index : 0 });
  };

  const submit = async (sectionIndex: number) => {
    setAdvancing(true);
    try {
      await session.finishSection(sectionIndex);
      enterOpenSection();
    } catch {
      // The catalogue has said why; the learner stays where they were.
    } finally {
      setAdvancing(false);
    }
  };

  const start = async () => {
    try {
      await session.start();
    } catch {
      return;
    }
    goTo({ section: 0, question: 0 });
  };

  const onTimeUp = () => {
    if (!at || !sectionOpen) return;
    // Offline the server cannot say it submitted the section: the screen closes it as the server will, and what was
    // answered in time waits in the queue (decision 035).
    const closeHere = () => setScreen({ kind: 'end', at, timeUp: true });
    if (network.offline) closeHere();
    else if (exam.is_auto_commit)
      void session.heartbeat(at).then(() => {
        if (session.getSnapshot().network.offline) closeHere();
      });
    else closeHere();
  };

  const onAnswer = (a: Answer) => {
    if (at && item) session.answer(at, a, TYPED.has(item.question.input_method.kind));
  };

  const inExam = stage === 'InExam' && at !== null && section !== undefined;
  const actions: BarActions = {};
  if (inExam) {
    actions.onExit = () => setExitOpen(true);
    if (!(ets && writing)) {
      actions.onReview = () => setScreen({ kind: 'review', at });
      actions.onMark = () => item && session.flag(at, !item.action.flagged);
    }
    actions.onBack = () => at.question > 0 && goTo({ ...at, question: at.question - 1 });
    actions.onNext = () =>
      at.question + 1 < section.items.length
        ? goTo({ ...at, question: at.question + 1 })
        : setScreen({ kind: 'end', at, timeUp: false });
  } else if (stage === 'Review' && at) {
    actions.onExit = () => setExitOpen(true);
  }
  if (calculator) actions.onCalculator = () => setCalcOpen((o) => !o);
  if (ets && at && (inExam || stage === 'Review')) actions.onHelp = () => setHelpSection(at.section);
  const helpOpen = actions.onHelp !== undefined && helpSection === at?.section;
  // Behind a dialog the arrows and Alt keys do nothing; Esc is the dialog's.
  const modal = exitOpen || helpOpen;

  useExamKeys({
    onBack: modal ? undefined : actions.onBack,
    onNext: modal ? undefined : actions.onNext,
    onMark: modal ? undefined : actions.onMark,
    onReview: modal ? undefined : actions.onReview,
    onEscape: () => {
      if (calcOpen) {
        setCalcOpen(false);
        return true;
      }
      if (stage === 'Review' && at) {
        setScreen({ kind: 'question', at });
        return true;
      }
      return false;
    },
    onDigit: (n) => {
      if (modal || !inExam || !item || !item.question.accessable) return;
      const next = answerForNumber(item.question, item.action.answer ?? emptyAnswer(), n);
      if (next) onAnswer(next);
    },
  });

  let body;
  if (stage === 'StartIntro')
    body = (
      <StartIntro exam={exam} etsMode={exam.kind === 'simulate' ? etsModeFor(exam, user) : null} onStart={start} />
    );
  else if (stage === 'Result')
    body = (
      <Suspense fallback={null}>
        <ResultView examId={exam.id} />
      </Suspense>
    );
  else if (!at || !section) body = null;
  else if (stage === 'EndIntro') {
    const next = exam.sections[at.section + 1];
    const submitted = section.action.finished;
    const timedOut =
      screen.kind === 'end'
        ? screen.timeUp
        : section.time_limit_seconds > 0 && section.action.used_time_seconds >= section.time_limit_seconds;
    const canReturn = !submitted && !timedOut;
    body = (
      <EndIntro
        section={section}
        submitted={submitted}
        timeUp={timedOut}
        nextName={next ? sectionTitle(next, ets) : null}
        onContinue={submitted ? async () => enterOpenSection() : () => submit(at.section)}
        onBack={canReturn ? () => setScreen({ kind: 'question', at }) : undefined}
        onJump={canReturn ? (q) => goTo({ section: at.section, question: q }) : undefined}
      />
    );
  } else if (stage === 'Review') {
    body = (
      <ReviewScreen
        section={section}
        current={at.question}
        onJump={(q) => goTo({ section: at.section, question: q })}
        onReturn={() => setScreen({ kind: 'question', at })}
      />
    );
  } else if (item) {
    body = (
      <main className="ge-main">
        <QuestionView
          key={`${at.section}:${at.question}`}
          ref={questionRef}
          question={item.question}
          answer={item.action.answer ?? emptyAnswer()}
          onAnswer={onAnswer}
          mode="answer"
          disabled={!sectionOpen}
          showWordCount={false}
        />
      </main>
    );
  } else body = <main className="ge-page" aria-busy="true" />;

  const barShown = live && section !== undefined && at !== null;
  const rootClass = `ge-root${barShown ? ' has-bar' : ''}${calculator && calcOpen && phone ? ' has-sheet' : ''}`;
  return (
    <EtsModeContext.Provider value={ets}>
      <div className={`${rootClass}${ets ? ' is-ets' : ''}`} style={examVars} data-stage={stage}>
        {barShown && (
          <ExamBar
            examName={exam.name}
            sectionName={sectionTitle(section, ets)}
            sectionNumber={{ number: at.section + 1, total: exam.sections.length }}
            progress={stage === 'InExam' ? { number: at.question + 1, total: section.items.length } : null}
            clock={clock?.section === at.section ? clock : null}
            onTimeUp={onTimeUp}
            // Offline the banner says where the answers are; "not saved, retrying" would contradict it.
            save={network.offline ? 'idle' : save}
            flagged={stage === 'InExam' && Boolean(item?.action.flagged)}
            calculatorOpen={calcOpen}
            notice={<OfflineBanner network={network} />}
            {...actions}
          />
        )}
        {!barShown && network.finishing && <OfflineBanner network={network} />}
        {body}
        {calculator && calcOpen && (
          <Calculator
            state={calc}
            onChange={setCalc}
            onClose={() => setCalcOpen(false)}
            onTransfer={(display) => questionRef.current?.transferDisplay(display) ?? false}
            canTransfer={stage === 'InExam' && item?.question.input_method.kind === 'TextFill'}
            sheet={phone}
          />
        )}
        {exitOpen && section && at && (
          <ExitSectionDialog
            section={section}
            onCancel={() => setExitOpen(false)}
            onConfirm={() => {
              setExitOpen(false);
              void submit(at.section);
            }}
          />
        )}
        {helpOpen && (
          <HelpScreen
            actions={actions}
            timed={Boolean(section && section.time_limit_seconds > 0)}
            writing={writing}
            onClose={() => setHelpSection(null)}
          />
        )}
      </div>
    </EtsModeContext.Provider>
  );
}
