import {
  API_VERSION,
  HEADERS,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type ErrData,
  type QuotaRefusal,
} from '@gre/contracts';
import { inFlight } from './in-flight';
import { getDeviceId, getToken } from './storage';

/** A failed call: an envelope error (`kind` set) or a transport failure (`kind` empty, `status` 0 when offline). */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly statusText: string,
    readonly kind: string,
    /** Server text meant for the user; empty when the client should use its own copy. */
    readonly show: string,
    readonly detail: string,
    readonly path: string,
    /** The subject the call was about, for the out-of-quota dialog (passed by the caller). */
    readonly subject: string | null = null,
    /** A quota refusal's figures (what is used, the limit, the period), for the dialog that states the cause. */
    readonly quota: QuotaRefusal | null = null,
  ) {
    super(detail || kind || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Polling and background calls skip the global loading overlay. */
  quiet?: boolean;
  /** Shown in the out-of-quota dialog if the server answers `day_overflow`. */
  subject?: string;
  signal?: AbortSignal;
}

function isEnvelope(v: unknown): v is { ok: boolean; data: unknown; err_data: ErrData | null } {
  return typeof v === 'object' && v !== null && 'ok' in v && typeof v.ok === 'boolean';
}

/** The request headers every call carries (spec §7). */
export function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADERS.apiVersion]: String(API_VERSION),
    [HEADERS.deviceId]: getDeviceId(),
  };
  const token = getToken();
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;
  return headers;
}

/**
 * Makes one contract call: `POST path` with a JSON body and the shared headers; resolves with
 * `data`, or rejects with an ApiError that the error catalogue turns into behaviour.
 */
export async function call<C extends CallDef>(
  def: C,
  body: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const subject = options.subject ?? null;
  if (!options.quiet) inFlight.start();
  try {
    let res: Response;
    try {
      res = await fetch(def.path, {
        method: 'POST',
        headers: callHeaders(),
        body: JSON.stringify(body ?? {}),
        signal: options.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, '', '', '', err instanceof Error ? err.message : String(err), def.path, subject);
    }
    const payload: unknown = await res.json().catch(() => null);
    if (isEnvelope(payload)) {
      if (payload.ok && res.ok) return payload.data as CallResponse<C>;
      const e = payload.err_data;
      throw new ApiError(
        res.status,
        res.statusText,
        e?.kind ?? '',
        e?.show ?? '',
        e?.detail ?? '',
        def.path,
        subject,
        e?.quota ?? null,
      );
    }
    throw new ApiError(res.status, res.statusText, '', '', `not an API response from ${def.path}`, def.path, subject);
  } finally {
    if (!options.quiet) inFlight.end();
  }
}
