/**
 * The payment gateway behind one interface (product.md "Payment"; PAY_PROVIDER = sandbox | wechatpay | alipay). The
 * pay module decides what a trade is and when it moves; a provider only speaks its gateway's protocol: create an
 * order and return what the QR code encodes, say what it knows of an order, close one, and verify and read a
 * notification. Amounts are integer fen on both sides of this interface, whatever the gateway's wire format.
 */

export const PAY_PROVIDERS = ['sandbox', 'wechatpay', 'alipay'] as const;
export type PayProviderName = (typeof PAY_PROVIDERS)[number];

export interface CreateOrderInput {
  /** Merchant order number (out_trade_no): 6–32 characters of [0-9A-Za-z] (WeChat's bounds; Alipay's are wider). */
  order: string;
  amountFen: number;
  /** The order's description (WeChat `description`, Alipay `subject`), ≤ 127 bytes. */
  title: string;
  /** After this the gateway refuses payment (WeChat `time_expire`, Alipay `time_expire`). */
  expiresAt: Date;
  /** Absolute URL the gateway posts its notification to (…/pay/notify/<provider>). */
  notifyUrl: string;
}

export interface CreatedOrder {
  /** What the QR code encodes: WeChat `code_url`, Alipay `qr_code`, the sandbox page's address. */
  qrcodeText: string;
  /** A page the payer may open instead of scanning, when the gateway has one; null otherwise. */
  qrcodeUrl: string | null;
}

/** A payment the gateway confirms. */
export interface PaidOrder {
  state: 'paid';
  /** The gateway's id of the payment (WeChat transaction_id, Alipay trade_no). */
  providerTxnId: string;
  /** The order total the gateway says was paid, in fen (WeChat amount.total, Alipay total_amount) — not what the payer paid after the gateway's own coupons. */
  paidFen: number;
  paidAt: Date;
}

/**
 * What the gateway knows of an order. `unpaid`: open, waiting for the payer (also WeChat's ORDER_NOT_EXIST and Alipay's
 * "trade does not exist" before the QR code is scanned). `closed`: closed or revoked without payment (Alipay also sends
 * it after a full refund, so a paid trade never moves back on it). `failed`: the payment failed.
 */
export type OrderState = PaidOrder | { state: 'unpaid' } | { state: 'closed' } | { state: 'failed' };

/** A notification as it arrived: the raw bytes (signatures are over them) and the headers, lower-cased names. */
export interface NotifyRequest {
  rawBody: Buffer;
  headers: Record<string, string | undefined>;
}

/** A verified notification: which order, and what the gateway says happened to it. */
export interface PaymentNotice {
  order: string;
  result: OrderState;
  /** The notification's own id, for the audit trail (WeChat `id`, Alipay `notify_id`). */
  noticeId: string | null;
}

/** The HTTP answer a gateway expects. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Why a gateway call failed. `unreachable`: network error, timeout or a 5xx — the state is unknown, try again later,
 * never conclude "unpaid". `refused`: the gateway answered and said no (bad request, bad signature on its answer is
 * `forged` instead). `forged`: an answer or notification whose signature does not verify.
 */
export class PayProviderError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused' | 'forged',
    message: string,
  ) {
    super(message);
    this.name = 'PayProviderError';
  }
}

/** A notification that cannot be accepted; `status` is the HTTP status to answer with (4xx: do not retry as is). */
export class NotifyRejected extends Error {
  constructor(
    readonly status: number,
    readonly reason: 'malformed' | 'forged' | 'stale' | 'mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'NotifyRejected';
  }
}

export interface PayProvider {
  readonly name: PayProviderName;
  /** Creates the order at the gateway; PayProviderError when it cannot. */
  create(input: CreateOrderInput): Promise<CreatedOrder>;
  /** What the gateway knows of the order now; PayProviderError('unreachable') when it cannot say. */
  query(order: string): Promise<OrderState>;
  /**
   * Closes the order so it can no longer be paid. 'paid' when the gateway refuses because it was paid meanwhile (the
   * caller then queries and settles); an order the gateway never saw counts as closed — though Alipay keeps an
   * unscanned precreated order payable until its time_expire, so a payment may still follow (decision 024).
   */
  close(order: string): Promise<'closed' | 'paid'>;
  /**
   * Verifies (signature, our app id and merchant; freshness where the gateway's protocol has it — Alipay retries for
   * 25 hours, so it has none) and reads a notification; NotifyRejected otherwise.
   */
  parseNotify(request: NotifyRequest): Promise<PaymentNotice>;
  /** The answer that tells the gateway the notification was taken (sent only after the commit). */
  ack(): NotifyReply;
  /** The answer that tells the gateway to try again later, or that the notification was refused. */
  nack(status: number, message: string): NotifyReply;
}
