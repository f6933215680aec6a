import { CLIENT_TIMINGS, QUOTA_SUBJECT_NAMES, type QuotaRefusal } from '@gre/contracts';
import { zh } from '../i18n/zh-CN.core';
import { ApiError } from './client';

export type ToastLevel = 'error' | 'warning' | 'info';

export interface Toast {
  level: ToastLevel;
  title: string;
  description?: string;
  /** Toasts with a key replace an earlier one with the same key instead of stacking. */
  key?: string;
  /** A button in the toast that takes the user to the login page. */
  loginAction?: boolean;
}

/** The global dialogs an error can open (spec §2, §8). */
export type CatalogueDialog =
  | { kind: 'upgrade'; reason: 'limit' | 'role_overflow'; quota?: QuotaRefusal | null }
  | { kind: 'day_overflow'; subject: string | null; roleName: string | null; quota?: QuotaRefusal | null }
  | { kind: 'sim_no_perm'; quota?: QuotaRefusal | null }
  | { kind: 'public_only' }
  | { kind: 'pay'; trade: 'FlashCoin' };

/** Everything the catalogue does to the world, injected so every row is unit-testable. */
/** Function properties, not methods: the catalogue passes effects such as `reload` on as timer callbacks. */
export interface CatalogueEffects {
  toast: (toast: Toast) => void;
  openDialog: (dialog: CatalogueDialog) => void;
  navigate: (path: string) => void;
  reload: () => void;
  clearToken: () => void;
  showUpgradeOverlay: () => void;
  setTimer: (fn: () => void, ms: number) => void;
  /** The logged-in user's role name, for the out-of-quota dialog. */
  roleName: () => string | null;
}

/** Common status texts: over HTTP/2 `Response.statusText` is always empty. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusTitle(err: ApiError): string {
  if (err.status === 0) return zh.errors.networkFailed;
  return zh.errors.httpTitle(err.status, err.statusText || STATUS_TEXT[err.status] || '');
}

/**
 * Builds the one handler for failed calls (spec §8). The returned function maps an error to exactly
 * one row of the catalogue; timers that reload or redirect are scheduled at most once.
 */
export function createErrorCatalogue(fx: CatalogueEffects): (error: unknown) => void {
  const pending = new Set<'reload' | 'login'>();
  const later = (what: 'reload' | 'login', ms: number, fn: () => void) => {
    if (pending.has(what)) return;
    pending.add(what);
    fx.setTimer(() => {
      pending.delete(what);
      fn();
    }, ms);
  };
  const error = (title: string, description?: string) => fx.toast({ level: 'error', title, description });

  return (e: unknown) => {
    if (e instanceof DOMException && e.name === 'AbortError') return;
    if (!(e instanceof ApiError)) {
      error(zh.errors.unknown, e instanceof Error ? e.message : String(e));
      return;
    }
    switch (e.kind) {
      case 'server_upgrading':
        fx.showUpgradeOverlay();
        return;
      case 'api_version_low':
        fx.toast({ level: 'warning', title: zh.errors.apiVersionLow, key: e.kind });
        later('reload', CLIENT_TIMINGS.autoRefreshMs, fx.reload);
        return;
      case 'token_expired':
        fx.toast({ level: 'warning', title: zh.errors.tokenExpired, key: e.kind });
        fx.clearToken();
        later('login', CLIENT_TIMINGS.tokenExpiredRedirectMs, () => fx.navigate('/login'));
        return;
      case 'limit':
        // With figures (the essay judging allowance) the dialog states the cause; otherwise the tier lacks the right.
        fx.openDialog({ kind: 'upgrade', reason: 'limit', ...(e.quota ? { quota: e.quota } : {}) });
        error(zh.errors.limit);
        return;
      case 'role_overflow':
        fx.openDialog({ kind: 'upgrade', reason: 'role_overflow', quota: e.quota });
        error(zh.errors.roleOverflow);
        return;
      case 'day_overflow':
        fx.openDialog({
          kind: 'day_overflow',
          subject: e.subject ?? (e.quota?.subject ? QUOTA_SUBJECT_NAMES[e.quota.subject] : null),
          roleName: e.quota?.role_name ?? fx.roleName(),
          quota: e.quota,
        });
        error(zh.errors.dayOverflow);
        return;
      case 'buy_role_exist':
        fx.toast({ level: 'info', title: zh.errors.buyRoleExist, key: e.kind });
        later('reload', CLIENT_TIMINGS.autoRefreshMs, fx.reload);
        return;
      case 'sim_no_perm':
        fx.openDialog({ kind: 'sim_no_perm', quota: e.quota });
        // With figures the cause is the simulations used up, which the server's text states; else the questions' tier.
        error(e.quota ? zh.errors.simUsedUp : zh.errors.simNoPerm);
        return;
      case 'public_only':
        fx.openDialog({ kind: 'public_only' });
        return;
      case 'flash_coin_short':
        fx.openDialog({ kind: 'pay', trade: 'FlashCoin' });
        fx.toast({ level: 'warning', title: e.show || zh.errors.flashCoinShort, key: e.kind });
        return;
      case 'content_invalid':
        // The editor lists every problem beside its form; the toast says why the publish did not happen.
        error(zh.errors.kinds.content_invalid!, e.show || undefined);
        return;
      case 'book_locked':
        fx.toast({ level: 'info', title: e.show || zh.errors.bookLocked, key: e.kind });
        return;
      case 'unauthorized':
        fx.clearToken();
        fx.toast({ level: 'warning', title: zh.errors.unauthorized, key: e.kind, loginAction: true });
        return;
      case 'internal':
        error(statusTitle(e), zh.errors.serverError);
        return;
      case '':
        break;
      default: {
        const text = e.show || zh.errors.kinds[e.kind] || e.detail;
        if (text) {
          error(text);
          return;
        }
      }
    }
    if (e.status === 401) {
      fx.clearToken();
      fx.toast({ level: 'warning', title: zh.errors.unauthorized, key: 'unauthorized', loginAction: true });
    } else if (e.status === 500) {
      error(statusTitle(e), zh.errors.serverError);
    } else {
      error(statusTitle(e), zh.errors.checkNetwork);
    }
  };
}
