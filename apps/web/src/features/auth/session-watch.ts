import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { navigateTo } from '../../api/effects';
import { currentUserQuery } from '../../api/queries';
import { queryClient, reportError } from '../../api/query-client';
import { clearToken } from '../../api/storage';
import { useToken } from './session';

/** Within this long of the last read of the user, coming back to the tab asks nothing (focus and visibility both fire). */
const RECHECK_AFTER_MS = 5_000;

/** Answers that mean this tab's session is over: the catalogue clears the token and asks to log in again. */
const SESSION_OVER = new Set(['unauthorized', 'token_expired', 'user_frozen']);

/**
 * Reads the user again whenever the tab comes back into view or focus, so a session ended elsewhere — an admin froze
 * the account, the password was reset on another device — logs this tab out then, not on its next call: the token is
 * forgotten, the catalogue asks to log in again, and the tab goes to /login.
 */
export function useSessionCheckOnFocus(): void {
  const token = useToken();
  useEffect(() => {
    if (!token) return;
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      queryClient.fetchQuery({ ...currentUserQuery, staleTime: RECHECK_AFTER_MS }).catch((err: unknown) => {
        if (!(err instanceof ApiError) || !SESSION_OVER.has(err.kind)) return;
        // A frozen account's sessions are already revoked; should one answer user_frozen, it is logged out all the same.
        if (err.kind === 'user_frozen') clearToken();
        reportError(err);
        // Not the page's skeleton waiting for a user that will not come: the login page, the toast above it.
        navigateTo('/login');
      });
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [token]);
}
