import {
  CLIENT_TIMINGS,
  isPolled,
  payCalls,
  type Payment,
  type PurchasableKind,
  type Trade,
  type User,
} from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { reportError } from '../../api/query-client';
import { getDeviceId } from '../../api/storage';
import { closeDialog, dialogStore } from '../../state/ui';

/** Spec §9: the trade is polled every 3 s while it can still move by itself (None, WaitPay, PaySuccess). */
export const PAY_POLL_MS = CLIENT_TIMINGS.paymentPollMs;
/** Spec §9: after ApplySuccess, the page reloads (membership) or the dialog closes (flash quota) after 1 s. */
export const PAY_SUCCESS_MS = CLIENT_TIMINGS.successReloadMs;
/** Spec §8: no QR code after about 30 s means something is stuck: the dialog says to close and retry. */
export const SLOW_QR_MS = 30_000;

/** What the dialog asks the server for. `round` changes with every switch, so each one creates a new trade. */
export interface PayRequest {
  kind: PurchasableKind;
  /** Duration 1–4 (VIP, SVIP) or package 1–3 (FlashCoin). */
  param: number;
  /** The applied discount code, or null. */
  code: string | null;
  round: number;
}

/** A later look at the dialog's trade (poll or 'I have paid'), with the user as the server sees them now. */
interface Observed {
  trade: Trade;
  user: User;
}

let sessions = 0;
const nextSession = () => ++sessions;

/**
 * The life of one payment dialog (spec §4): create the trade for the request (again on every switch and code), poll
 * it every 3 s while it is open and can move, 'I have paid', and the success action. Everything stops when the dialog
 * closes (`open` false) or unmounts, and an answer about a trade the dialog has moved on from is dropped.
 */
export function usePayment(req: PayRequest, user: User | null, open: boolean) {
  const queryClient = useQueryClient();
  // Part of the key, so reopening the dialog never finds the last dialog's trade (closed since) in the cache.
  const [session] = useState(nextSession);

  // A query rather than an effect: React's double-run of effects in development must not create two trades.
  const init = useQuery({
    queryKey: ['pay', 'init', session, req.round, req.kind, req.param, req.code ?? ''],
    queryFn: () =>
      call(
        payCalls.init,
        {
          user_id: user!.id,
          kind: req.kind,
          param: req.param,
          ...(req.code ? { code: req.code } : {}),
          device_id: getDeviceId(),
        },
        // The dialog shows its own loading state; the page-wide overlay would cover the dialog.
        { quiet: true },
      ),
    enabled: user !== null,
    // Each trade is asked for once: never refetched, and forgotten as soon as the dialog moves on from it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  const payment: Payment | null = init.data ?? null;

  const [observed, setObserved] = useState<Observed | null>(null);
  const current: Observed | null = payment
    ? observed?.trade.id === payment.trade.id
      ? observed
      : { trade: payment.trade, user: payment.user }
    : null;
  const tradeId = current?.trade.id;
  const status = current?.trade.status;

  // One poll per run: each answer (or transient failure) bumps `polls`, which schedules the next one 3 s later.
  const [polls, setPolls] = useState(0);
  const [pollStoppedFor, setPollStoppedFor] = useState<number | null>(null);
  useEffect(() => {
    if (!open || tradeId === undefined || status === undefined || !isPolled(status)) return;
    if (pollStoppedFor === tradeId) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      call(payCalls.get, { id: tradeId }, { quiet: true, signal: abort.signal }).then(
        (answer) => {
          if (abort.signal.aborted) return;
          setObserved(answer);
          setPolls((n) => n + 1);
        },
        (e: unknown) => {
          if (abort.signal.aborted) return;
          if (e instanceof ApiError && e.kind) {
            // The server refused (logged out, upgrading, no such trade): asking again every 3 s would only repeat it.
            reportError(e);
            setPollStoppedFor(tradeId);
          } else {
            // Offline or a bad gateway for a moment: the trade may still be paid, so keep asking, quietly.
            setPolls((n) => n + 1);
          }
        },
      );
    }, PAY_POLL_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [open, tradeId, status, polls, pollStoppedFor]);

  // 'I have paid': the server asks the provider now; its answer is shown like a poll's.
  const check = useMutation({
    mutationFn: (id: number) => call(payCalls.checkPaid, { trade_id: id }, { quiet: true }),
    onSuccess: (answer) => setObserved(answer),
  });
  const confirming = check.isPending && check.variables === tradeId;
  /** 'I have paid' found nothing yet: the QR stays, with a word that the dialog keeps watching. */
  const notYetPaid = check.isSuccess && check.data.trade.id === tradeId && status === 'WaitPay';

  const successUser = status === 'ApplySuccess' ? current?.user : undefined;
  useEffect(() => {
    if (!successUser) return;
    // The new role or quota shows everywhere at once, even if the learner closes the dialog before the second is up.
    queryClient.setQueryData(queryKeys.currentUser, successUser);
    const timer = window.setTimeout(() => {
      if (req.kind === 'FlashCoin') {
        const d = dialogStore.get();
        if (d?.kind === 'pay' && d.trade === 'FlashCoin') closeDialog();
      } else {
        // A new tier changes what every page may show: start afresh rather than patch each cached answer.
        window.location.reload();
      }
    }, PAY_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [successUser, req.kind, queryClient]);

  // Spec §8: the QR code should be there within moments; 30 s of waiting for one (this round's trade being created,
  // or created without its code yet) means something is stuck, and the dialog says to close and retry.
  const [slowRound, setSlowRound] = useState<number | null>(null);
  const waitingForQr = init.isPending || status === 'None' || (status === 'WaitPay' && !payment?.qrcode_text);
  useEffect(() => {
    if (!open || !waitingForQr) return;
    const round = req.round;
    const timer = window.setTimeout(() => setSlowRound(round), SLOW_QR_MS);
    return () => window.clearTimeout(timer);
  }, [open, waitingForQr, req.round]);

  return {
    payment,
    trade: current?.trade ?? null,
    initError: init.error,
    initPending: init.isPending,
    confirming,
    notYetPaid,
    checkPaid: () => tradeId !== undefined && check.mutate(tradeId),
    slowQr: slowRound === req.round && waitingForQr,
  };
}
