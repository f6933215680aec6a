/**
 * Trades (spec §3, §4; product.md "Payment"): what a trade buys and the life of its status. The transition table is
 * the one place the statuses' order is decided; the server moves a trade only where `canMove` allows, in a
 * conditional update on the old status, so a replayed notification or a second poll finds nothing to move.
 * docs/payments.md prints the same table, and a test keeps the two equal.
 */

/** Spec §3 trade kinds. "None" is capitalised as the payment dialog's kinds and the trade statuses spell it. */
export const TRADE_KINDS = ['None', 'VIP', 'SVIP', 'FlashCoin'] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

/** The kinds that can be bought; None is only the dialog's empty state. */
export const PURCHASABLE_KINDS = ['VIP', 'SVIP', 'FlashCoin'] as const satisfies readonly TradeKind[];
export type PurchasableKind = (typeof PURCHASABLE_KINDS)[number];

/** Spec §4 trade statuses, verbatim: they are wire data the dialog switches on. */
export const TRADE_STATUSES = [
  'None',
  'InitPayFail',
  'WaitPay',
  'PaySuccess',
  'PayTimeout',
  'PayCancel',
  'PayFail',
  'ApplySuccess',
  'ApplyFail',
  'Refund',
  'ManualInvalid',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/**
 * Every legal move, with what causes it. A status with no entry is terminal.
 *
 * Two rules shape it. Money only arrives through PaySuccess, so the entitlement (ApplySuccess) and every state that
 * holds money (ApplyFail, ManualInvalid, Refund) sit behind it. And a trade is closed (PayCancel, PayTimeout) only
 * after the provider has closed the order or said it was unpaid; a provider that answers "paid" at that moment sends
 * the trade to PaySuccess instead. A closed trade keeps one way back, to PaySuccess (decision 024): a gateway may
 * still take money for an order it could not close — Alipay does not know a precreated order until it is scanned,
 * so closing it then changes nothing and its QR code stays payable until `time_expire`. The payer paid that trade's
 * price for that purchase, so it is granted like any other.
 *
 * A transient failure while granting (the database, a crash) rolls back and leaves the trade in PaySuccess for the
 * next notification or poll to retry; ApplyFail is for a grant a rule refuses, and needs a person.
 */
export const TRADE_TRANSITIONS: Readonly<Record<TradeStatus, readonly TradeStatus[]>> = {
  None: [
    'WaitPay', // the provider created the order and returned the QR code
    'InitPayFail', // the provider refused or failed to create the order
    'PayCancel', // a newer trade of the same user and kind was created before this one got its QR code
    'PayTimeout', // 15 minutes passed without a QR code (creation died half-way); the expiry job closes it
  ],
  WaitPay: [
    'PaySuccess', // the provider reports it paid: its notification, or a query (poll, 'I have paid', expiry, close)
    'PayFail', // the provider reports the payment failed
    'PayCancel', // a newer trade of the same user and kind closed it, or the payer cancelled at the provider
    'PayTimeout', // 15 minutes unpaid, and a last query to the provider found it unpaid and closed it
  ],
  PaySuccess: [
    'ApplySuccess', // the entitlement was granted, in the same transaction as this move
    'ApplyFail', // a rule refused the grant (e.g. a higher tier was bought meanwhile): contact support
    'ManualInvalid', // the amount paid differs from the trade's price: nothing granted, a person decides
  ],
  ApplyFail: [
    'Refund', // staff returned the money through the provider
  ],
  ManualInvalid: [
    'ApplySuccess', // an admin accepted the amount paid and granted the purchase (/api/trade/resolve)
    'Refund', // staff returned the money through the provider
  ],
  InitPayFail: [],
  PayTimeout: [
    'PaySuccess', // the gateway took the payment after all (an order it could not close): granted as usual
  ],
  PayCancel: [
    'PaySuccess', // the gateway took the payment after all (an order it could not close): granted as usual
  ],
  PayFail: [],
  ApplySuccess: [], // no refunds or exchanges once activated (spec §6)
  Refund: [],
};

export function canMove(from: TradeStatus, to: TradeStatus): boolean {
  return TRADE_TRANSITIONS[from].includes(to);
}

export function isTerminal(status: TradeStatus): boolean {
  return TRADE_TRANSITIONS[status].length === 0;
}

/**
 * Statuses the payment dialog keeps polling in (spec §4), every 3 seconds: the ones that move without a person.
 * ApplyFail and ManualInvalid are not terminal, but only staff move them, so the dialog stops there.
 */
export const POLLED_TRADE_STATUSES = ['None', 'WaitPay', 'PaySuccess'] as const satisfies readonly TradeStatus[];

export function isPolled(status: TradeStatus): boolean {
  return (POLLED_TRADE_STATUSES as readonly TradeStatus[]).includes(status);
}

/** Statuses in which the trade is open: a newer trade of the same user and kind closes it (PayCancel). */
export const OPEN_TRADE_STATUSES = ['None', 'WaitPay'] as const satisfies readonly TradeStatus[];

/** Minutes an unpaid trade stays open before the expiry job queries the provider and closes it (product.md). */
export const TRADE_OPEN_MINUTES = 15;
