import type { FastifyBaseLogger } from 'fastify';
import { NotifyRejected, type NotifyReply, type NotifyRequest } from '../../adapters/pay/provider.js';
import type { Deps } from '../../lib/deps.js';
import { faultPoint } from '../../lib/faults.js';
import { settle } from './settle.js';
import { findTradeByOrder } from './trades.repository.js';

/**
 * One gateway notification: verified by the provider (signature over the raw body, freshness, our app and merchant),
 * then settled like any other report of the order. Forged, stale and malformed ones are refused with the 4xx the
 * gateway expects; an order we never made, or made with another provider, is refused too. A failure while settling
 * answers 500 so the gateway sends it again; the acknowledgement goes out only after the commit.
 */
export async function receiveNotification(
  deps: Deps,
  providerName: string,
  request: NotifyRequest,
  log: FastifyBaseLogger,
): Promise<NotifyReply> {
  const provider = deps.pay;
  if (providerName !== provider.name) return provider.nack(404, `payments here go through ${provider.name}`);
  let notice;
  try {
    notice = await provider.parseNotify(request);
  } catch (e) {
    if (e instanceof NotifyRejected) {
      log.warn({ reason: e.reason, err: e.message }, 'payment notification refused');
      return provider.nack(e.status, e.message);
    }
    throw e;
  }
  const trade = await findTradeByOrder(deps.database.db, notice.order);
  if (!trade || trade.provider !== provider.name) {
    log.warn({ order: notice.order }, 'payment notification for an unknown order');
    return provider.nack(404, 'unknown order');
  }
  faultPoint(deps.env, 'pay.notify_received');
  try {
    await settle(deps, trade, notice.result, 'notify');
  } catch (e) {
    log.error({ err: e, order: notice.order }, 'payment notification not settled; the gateway will retry');
    return provider.nack(500, 'not settled, try again');
  }
  faultPoint(deps.env, 'pay.granted');
  return provider.ack();
}
