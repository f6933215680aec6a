import { flashCalls, type Flash, type FlashChoice, type FlashRound } from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError, call } from '../../api/client';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { CardFace, ExamStep, FlipStep, QuizStep, type Feedback } from './card-steps';
import { cardOf, resumeIndex, stepOfRuntime, withChoice, type Deck } from './flash-session';
import { useFlashKeys } from './use-flash-keys';
import { useSpeech } from '../../components/use-speech';

const t = flashCopy.card;

/** A choice already on record (made on another device, or before a reload) shows as answered, without the answer. */
function recordedFeedback(round: FlashRound, index: number): Feedback | null {
  const runtime = round.runtimes[index];
  return runtime?.choice ? { runtime, answer: null } : null;
}

/**
 * Spec §2 InFlash: one card of the round at a time, from the first without a choice (so a reload, or another device,
 * resumes where the learner was). Each choice goes to update_choice at once; the server's verdict and the right
 * answer show before '下一个'. After the last card `onRoundDone` finishes the round.
 */
export function InFlash({
  deck,
  onDeck,
  onRoundDone,
  onStale,
  finishing,
}: {
  deck: Deck & { flash: Flash & { round: FlashRound } };
  onDeck: (flash: Flash) => void;
  onRoundDone: (flash: Flash) => void;
  /** The round moved on elsewhere (another device answered or finished it): the page takes the server's copy. */
  onStale: () => void;
  finishing: boolean;
}) {
  const { flash, cards } = deck;
  const round = flash.round;
  const total = round.runtimes.length;
  const [index, setIndex] = useState(() => resumeIndex(round));
  const [revealed, setRevealed] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(() => recordedFeedback(round, index));
  const { speak } = useSpeech();
  const nextButton = useRef<HTMLButtonElement>(null);

  const runtime = round.runtimes[Math.min(index, total - 1)];
  const card = runtime ? cardOf(cards, runtime) : undefined;
  const step = runtime ? stepOfRuntime(runtime) : 'flip';
  const last = index >= total - 1;

  const choose = useMutation({
    mutationFn: (choice: FlashChoice) =>
      call(flashCalls.updateChoice, { flash_id: flash.id, round_index: round.index, item_index: index, choice }),
    onSuccess: (res) => {
      setFeedback({ runtime: res.runtime, answer: res.answer });
      onDeck(withChoice(flash, index, res.runtime, res.cursor_index));
    },
    // The catalogue has said why (the server's text); the page then shows the deck as the server holds it.
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'conflict') onStale();
    },
  });

  // The answer is in: '下一个' takes the focus, so Enter (and a screen reader) goes on from there.
  useEffect(() => {
    if (feedback) nextButton.current?.focus();
  }, [feedback]);

  const next = () => {
    if (!feedback || finishing) return;
    if (last) {
      onRoundDone(flash);
      return;
    }
    const to = index + 1;
    setIndex(to);
    setRevealed(false);
    setFeedback(recordedFeedback(round, to));
  };
  const send = (choice: FlashChoice) => {
    if (!feedback && !choose.isPending) choose.mutate(choice);
  };
  const flipOpen = step === 'flip' && !revealed && !feedback;

  useFlashKeys({
    flip: flipOpen ? () => setRevealed(true) : undefined,
    choose:
      feedback || choose.isPending
        ? undefined
        : step === 'quiz'
          ? (i) => send({ step: 'quiz', option: i })
          : step === 'flip' && revealed
            ? (i) => i < 2 && send({ step: 'flip', know: i === 0 })
            : undefined,
    next: feedback ? next : undefined,
  });

  // Every card of the round answered (e.g. a reload after the last choice): only the round's end is left.
  if (index >= total || !runtime)
    return (
      <Card className="gr-flash-card">
        <Button type="primary" size="large" block loading={finishing} onClick={() => onRoundDone(flash)}>
          {t.finish}
        </Button>
      </Card>
    );

  const shown = Math.min(index + 1, total);
  return (
    <div className="gr-flash-play">
      <div className="gr-flash-progress">
        <Typography.Text type="secondary">{t.round(round.index)}</Typography.Text>
        <Progress
          percent={Math.round((index / total) * 100)}
          showInfo={false}
          aria-label={t.progressLabel(shown, total)}
        />
        <Typography.Text strong aria-hidden>
          {t.progress(shown, total)}
        </Typography.Text>
      </div>
      <Card className="gr-flash-card">
        {!card ? (
          <Alert type="error" showIcon title={t.missing} />
        ) : (
          <div className="gr-flash-body" key={index}>
            {step !== 'exam' && <CardFace card={card} speak={speak} />}
            {step === 'flip' && (
              <FlipStep
                card={card}
                revealed={revealed}
                feedback={feedback}
                pending={choose.isPending}
                onFlip={() => setRevealed(true)}
                onChoose={(know) => send({ step: 'flip', know })}
              />
            )}
            {step === 'quiz' && (
              <QuizStep
                card={card}
                feedback={feedback}
                pending={choose.isPending}
                onChoose={(option) => send({ step: 'quiz', option })}
              />
            )}
            {step === 'exam' && (
              <ExamStep
                card={card}
                feedback={feedback}
                pending={choose.isPending}
                onSubmit={(text) => send({ step: 'exam', text })}
              />
            )}
          </div>
        )}
        {feedback && (
          <div className="gr-flash-next">
            <Button ref={nextButton} type="primary" size="large" block loading={finishing} onClick={next}>
              {last ? t.finish : t.next}
            </Button>
            <Typography.Text type="secondary" className="gr-flash-keys">
              {t.enterHint}
            </Typography.Text>
          </div>
        )}
      </Card>
    </div>
  );
}
