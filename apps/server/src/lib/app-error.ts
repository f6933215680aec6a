import { ERROR_KINDS, type ErrorKind, type QuotaRefusal } from '@gre/contracts';

/** The one error type services throw; the envelope plugin turns it into `err_data`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly detail: string = kind,
    /** Text for the user when the client has no copy of its own for this kind. */
    readonly show: string = '',
    /** A quota refusal's figures, sent as `err_data.quota`. */
    readonly quota?: QuotaRefusal,
  ) {
    super(detail);
    this.status = ERROR_KINDS[kind];
  }
}
