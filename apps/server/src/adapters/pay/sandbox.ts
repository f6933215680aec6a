import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@gre/db';
import {
  NotifyRejected,
  type CreateOrderInput,
  type CreatedOrder,
  type NotifyReply,
  type NotifyRequest,
  type OrderState,
  type PaymentNotice,
  type PayProvider,
} from './provider.js';
import {
  closeSandboxOrder,
  dueSandboxNotifications,
  findSandboxOrder,
  insertSandboxOrder,
  recordSandboxDelivery,
  settleSandboxOrder,
  type SandboxOrderRow,
} from './sandbox.repository.js';

/** Notifications older or newer than this are refused, as WeChat Pay's are. */
export const SANDBOX_NOTIFY_SKEW_SECONDS = 300;
/** Gaps between deliveries of an unacknowledged notification (WeChat Pay's first ones); the last repeats until 25 h. */
const RETRY_GAPS_SECONDS = [15, 15, 30, 180, 600, 1200, 1800, 3600];
const GIVE_UP_AFTER_SECONDS = 25 * 3600;

export interface SandboxOrderView {
  order: string;
  title: string;
  amountFen: number;
  status: 'WaitPay' | 'Paid' | 'Closed';
  expiresAt: Date;
}

/**
 * PAY_PROVIDER=sandbox: a payment gateway with no merchant account. Its QR code is the address of the app's own
 * sandbox page (/pay/sandbox/<order>), where anyone holding it can pay or cancel; the gateway then posts a signed
 * notification to the order's notify URL and retries until acknowledged, exactly as a real gateway would, so the
 * app's notification, query and expiry paths are the same code for every provider. Its books are `sandbox_orders`,
 * apart from `trades`.
 */
export interface SandboxGateway extends PayProvider {
  readonly name: 'sandbox';
  /** The sandbox page's view of an order; null when the gateway never saw it. */
  view(order: string): Promise<SandboxOrderView | null>;
  /** The payer pays (or cancels) on the sandbox page; the notification is sent at once and retried until taken. */
  act(order: string, action: 'pay' | 'cancel'): Promise<SandboxOrderView | null>;
  /** Sends the notifications that are due (first tries and retries); returns how many were acknowledged. */
  deliverDue(limit?: number): Promise<number>;
}

export interface SandboxOptions {
  /** The database handle (read each call: tests and units swap it). */
  db: () => Queryable;
  /** HMAC key of the notifications, shared by every instance (kept in `settings`). */
  secret: () => Promise<string>;
  now: () => Date;
  /** How notifications travel; tests route them through app.inject. */
  fetch?: typeof fetch;
  /** Called once an order is paid at the gateway, before it notifies (the crash test's first fault point). */
  afterPaid?: () => void;
}

function sign(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
}

function view(row: SandboxOrderRow): SandboxOrderView {
  return {
    order: row.order,
    title: row.title,
    amountFen: row.amountFen,
    status: row.status as SandboxOrderView['status'],
    expiresAt: row.expiresAt,
  };
}

function stateOf(row: SandboxOrderRow): OrderState {
  if (row.status === 'Paid') {
    return { state: 'paid', providerTxnId: row.txnId!, paidFen: row.amountFen, paidAt: row.paidAt! };
  }
  return row.status === 'Closed' ? { state: 'closed' } : { state: 'unpaid' };
}

/** What a sandbox notification carries (JSON). */
interface SandboxNotice {
  id: string;
  order: string;
  status: 'Paid' | 'Closed';
  txn_id: string | null;
  amount_fen: number;
  paid_at: string | null;
}

export function sandboxGateway(options: SandboxOptions): SandboxGateway {
  const send = options.fetch ?? fetch;

  async function deliver(row: SandboxOrderRow): Promise<boolean> {
    const notice: SandboxNotice = {
      id: randomUUID(),
      order: row.order,
      status: row.status as 'Paid' | 'Closed',
      txn_id: row.txnId,
      amount_fen: row.amountFen,
      paid_at: row.paidAt?.toISOString() ?? null,
    };
    const body = JSON.stringify(notice);
    const timestamp = String(Math.floor(options.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(await options.secret(), timestamp, nonce, body);
    try {
      const res = await send(row.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': timestamp,
          'x-sandbox-nonce': nonce,
          'x-sandbox-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status >= 200 && res.status < 300;
    } catch {
      return false;
    }
  }

  async function deliverAndRecord(row: SandboxOrderRow): Promise<boolean> {
    const acked = await deliver(row);
    const now = options.now();
    const sinceSettled = (now.getTime() - (row.paidAt ?? row.createdAt).getTime()) / 1000;
    const gap = RETRY_GAPS_SECONDS[Math.min(row.attempts, RETRY_GAPS_SECONDS.length - 1)]!;
    const next = sinceSettled + gap > GIVE_UP_AFTER_SECONDS ? null : new Date(now.getTime() + gap * 1000);
    await recordSandboxDelivery(options.db(), row.order, acked, now, next);
    return acked;
  }

  return {
    name: 'sandbox',

    async create(input: CreateOrderInput): Promise<CreatedOrder> {
      await insertSandboxOrder(options.db(), {
        order: input.order,
        amountFen: input.amountFen,
        title: input.title,
        notifyUrl: input.notifyUrl,
        expiresAt: input.expiresAt,
      });
      const page = new URL(`/pay/sandbox/${encodeURIComponent(input.order)}`, input.notifyUrl).toString();
      return { qrcodeText: page, qrcodeUrl: page };
    },

    async query(order: string): Promise<OrderState> {
      const row = await findSandboxOrder(options.db(), order);
      return row ? stateOf(row) : { state: 'unpaid' };
    },

    async close(order: string): Promise<'closed' | 'paid'> {
      await closeSandboxOrder(options.db(), order);
      const row = await findSandboxOrder(options.db(), order);
      return row?.status === 'Paid' ? 'paid' : 'closed';
    },

    async parseNotify(request: NotifyRequest): Promise<PaymentNotice> {
      const timestamp = request.headers['x-sandbox-timestamp'] ?? '';
      const nonce = request.headers['x-sandbox-nonce'] ?? '';
      const signature = request.headers['x-sandbox-signature'] ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) {
        throw new NotifyRejected(400, 'malformed', 'missing signature headers');
      }
      const body = request.rawBody.toString('utf8');
      const expected = Buffer.from(sign(await options.secret(), timestamp, nonce, body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new NotifyRejected(401, 'forged', 'signature does not verify');
      }
      if (Math.abs(options.now().getTime() / 1000 - Number(timestamp)) > SANDBOX_NOTIFY_SKEW_SECONDS) {
        throw new NotifyRejected(400, 'stale', 'timestamp too far from now');
      }
      let notice: SandboxNotice;
      try {
        notice = JSON.parse(body) as SandboxNotice;
      } catch {
        throw new NotifyRejected(400, 'malformed', 'body is not JSON');
      }
      if (typeof notice.order !== 'string' || !['Paid', 'Closed'].includes(notice.status)) {
        throw new NotifyRejected(400, 'malformed', 'no order or status');
      }
      const result: OrderState =
        notice.status === 'Paid' && typeof notice.txn_id === 'string' && Number.isSafeInteger(notice.amount_fen)
          ? {
              state: 'paid',
              providerTxnId: notice.txn_id,
              paidFen: notice.amount_fen,
              paidAt: new Date(notice.paid_at ?? options.now()),
            }
          : notice.status === 'Closed'
            ? { state: 'closed' }
            : (() => {
                throw new NotifyRejected(400, 'malformed', 'a payment without its id or amount');
              })();
      return { order: notice.order, result, noticeId: typeof notice.id === 'string' ? notice.id : null };
    },

    ack(): NotifyReply {
      return { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS' }) };
    },

    nack(status: number, message: string): NotifyReply {
      return { status, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
    },

    async view(order: string) {
      const row = await findSandboxOrder(options.db(), order);
      return row ? view(row) : null;
    },

    async act(order: string, action: 'pay' | 'cancel') {
      const now = options.now();
      const txnId = action === 'pay' ? `SBX${now.getTime()}${randomBytes(6).toString('hex')}` : null;
      const moved = await settleSandboxOrder(options.db(), order, action === 'pay' ? 'Paid' : 'Closed', now, txnId);
      if (moved?.status === 'Paid') options.afterPaid?.();
      if (moved) await deliverAndRecord(moved);
      return this.view(order);
    },

    async deliverDue(limit = 50) {
      const due = await dueSandboxNotifications(options.db(), options.now(), limit);
      let acked = 0;
      for (const row of due) if (await deliverAndRecord(row)) acked += 1;
      return acked;
    },
  };
}
