import { flashCalls, type Flash, type FlashBrief, type FlashRound } from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { call } from '../../api/client';
import { BackLink, LoaderFailed } from '../../components/loader-states';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { flashKeys, flashLoader, openFlash, type FlashLoaderData } from './flash-queries';
import { finishPayload, openingStage, type Deck, type Move } from './flash-session';
import './flash.css';
import { InFlash } from './in-flash';
import { FlashResult, RoundSummary, StartIntro } from './stage-views';

const p = flashCopy.page;

/** Spec §2 flash stages, with what each one shows. */
type View =
  | { stage: 'StartIntro' }
  | { stage: 'InFlash' }
  | { stage: 'RoundSummary'; flash: FlashBrief; roundIndex: number; moves: Move[] }
  | { stage: 'Result'; flash: FlashBrief };

type Running = Deck & { flash: Flash & { round: FlashRound } };
const isRunningFlash = (flash: Flash): flash is Running['flash'] => flash.round !== null;
const isRunning = (deck: Deck): deck is Running => isRunningFlash(deck.flash);

function initialView(deck: Deck): View {
  return openingStage(deck.flash) === 'Result' ? { stage: 'Result', flash: deck.flash } : { stage: 'StartIntro' };
}

/**
 * The stages of one deck: StartIntro → InFlash → RoundSummary → (the next round's InFlash, or) Result. The deck as
 * the page holds it follows every answer of the server: choices patch the round, a finished round is replaced by the
 * next one open_flash makes.
 */
function FlashStages({ initial }: { initial: Deck }) {
  const [deck, setDeck] = useState(initial);
  const [view, setView] = useState<View>(() => initialView(initial));
  const id = deck.flash.id;
  const queryClient = useQueryClient();
  // A finished round or a give-up moves the deck's figures on /word and may add cards to long-term review.
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: flashKeys.all });

  // Any trouble with a round (finished elsewhere, a replay refused) is settled by the server's copy of the deck.
  const reopen = useMutation({
    mutationFn: () => openFlash(id),
    onSuccess: (next) => {
      setDeck(next);
      setView(initialView(next));
    },
  });
  const nextRound = useMutation({
    mutationFn: () => openFlash(id),
    onSuccess: (next) => {
      setDeck(next);
      setView(next.flash.status === 'Finish' ? { stage: 'Result', flash: next.flash } : { stage: 'InFlash' });
    },
  });
  const finish = useMutation({
    mutationFn: (flash: Flash & { round: FlashRound }) => call(flashCalls.finishRound, finishPayload(id, flash.round)),
    onSuccess: (res, flash) => {
      refreshLists();
      setView({ stage: 'RoundSummary', flash: res.flash, roundIndex: flash.round.index, moves: res.moves });
    },
    onError: () => reopen.mutate(),
  });
  const giveUp = useMutation({
    mutationFn: () => call(flashCalls.giveUpFlash, { id }),
    onSuccess: (res) => {
      refreshLists();
      setView({ stage: 'Result', flash: res.flash });
    },
  });

  const intro = (
    <StartIntro
      flash={deck.flash}
      // A deck opened between rounds (no round running) asks the server for the next one first.
      onStart={() => (isRunning(deck) ? setView({ stage: 'InFlash' }) : nextRound.mutate())}
      onGiveUp={() => giveUp.mutate()}
      giving={giveUp.isPending}
      starting={nextRound.isPending}
    />
  );
  switch (view.stage) {
    case 'StartIntro':
      return intro;
    case 'InFlash':
      if (!isRunning(deck)) return intro;
      return (
        <InFlash
          key={`${deck.flash.round.index}`}
          deck={deck}
          onDeck={(flash) => setDeck((d) => ({ ...d, flash }))}
          onRoundDone={(flash) => isRunningFlash(flash) && finish.mutate(flash)}
          onStale={() => reopen.mutate()}
          finishing={finish.isPending || reopen.isPending}
        />
      );
    case 'RoundSummary':
      return (
        <RoundSummary
          flash={view.flash}
          roundIndex={view.roundIndex}
          moves={view.moves}
          loadingNext={nextRound.isPending}
          onNext={() =>
            view.flash.status === 'Finish' ? setView({ stage: 'Result', flash: view.flash }) : nextRound.mutate()
          }
        />
      );
    case 'Result':
      return <FlashResult flash={view.flash} />;
  }
}

/** Spec §2 flash/{flashID}: loaded before display (flashLoader); a deck's rounds on a learning screen's card. */
export function FlashPage() {
  const data = useLoaderData<FlashLoaderData>();
  const back = <BackLink to="/word" label={p.back} />;
  return (
    <div className="gr-flash-page">
      {data.state === 'ok' ? (
        <>
          {back}
          <FlashStages key={data.deck.flash.id} initial={data.deck} />
        </>
      ) : (
        <LoaderFailed title={p.failedTitle} body={p.failedBody} retry={p.retry} back={back} />
      )}
    </div>
  );
}

export { flashLoader };
