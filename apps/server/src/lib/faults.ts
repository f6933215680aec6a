import type { Env } from '../env.js';

/**
 * The steps of a payment where the crash test (pay.crash.test.ts) kills the server: the gateway has the money but
 * has not told us; we have the notification; the payment is recorded; the grant is written but not committed; the
 * grant is committed but the gateway not yet answered.
 */
export const PAY_FAULT_POINTS = [
  'pay.gateway_paid',
  'pay.notify_received',
  'pay.payment_recorded',
  'pay.grant_uncommitted',
  'pay.granted',
] as const;
export type FaultPoint = (typeof PAY_FAULT_POINTS)[number];

/** Dies at once, as a power cut or an OOM kill would — no cleanup, no flush — when FAULT_KILL_AT names this point. */
export function faultPoint(env: Pick<Env, 'FAULT_KILL_AT'>, point: FaultPoint): void {
  if (env.FAULT_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
}
