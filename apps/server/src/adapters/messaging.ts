/** A verification code or notice to deliver; providers decide the wording's wrapping. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** Set for verification codes so the `log` providers can list them on /debug. */
  code?: { value: string; purpose: string };
}

export interface Mailer {
  readonly name: string;
  send(msg: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface SmsSender {
  readonly name: string;
  send(msg: OutgoingMessage): Promise<void>;
}

export interface SentCode {
  target: string;
  code: string;
  purpose: string;
  sent_at: string;
}

/** Bounded in-memory list of codes the log providers "sent"; shown on /debug outside production only. */
export class SentCodeLog {
  private items: SentCode[] = [];
  constructor(private readonly max = 20) {}
  add(item: SentCode): void {
    this.items.unshift(item);
    this.items.length = Math.min(this.items.length, this.max);
  }
  list(): SentCode[] {
    return [...this.items];
  }
}
