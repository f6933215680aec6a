import type { User } from '@gre/contracts';
import { redirect } from 'react-router';
import { ApiError } from './api/client';
import { showToast } from './api/effects';
import { currentUserQuery } from './api/queries';
import { queryClient, reportError } from './api/query-client';
import { clearToken, getToken } from './api/storage';
import { zh } from './i18n/zh-CN.core';
import { appModeStore } from './state/app-mode';

/** Kinds whose catalogue row already decides what happens next (overlay, reload, redirect). */
const CATALOGUE_DECIDES = new Set(['server_upgrading', 'api_version_low', 'token_expired']);

let adminModeSetFor: number | null = null;

/** A page load restores admin mode for admins once, as logging in would (the mode is not stored). */
function restoreAdminMode(user: User): void {
  if (adminModeSetFor === user.id) return;
  adminModeSetFor = user.id;
  appModeStore.set((m) => ({ ...m, adminMode: user.is_admin, editMode: false, highlightMode: false }));
}

/** Marks admin mode as decided for this user (login sets it itself). */
export function markAdminModeSet(userId: number): void {
  adminModeSetFor = userId;
}

/**
 * Spec §4 app start for pages that need a user: no token → /login; otherwise the user (React Query,
 * fetched once and shared); failure → 'failed to get user info, please log in again' and /login.
 * Resolves to null when the catalogue took over (upgrade overlay, version reload, expired login).
 */
export async function requireUser(): Promise<User | null> {
  if (!getToken()) throw redirect('/login');
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    restoreAdminMode(user);
    return user;
  } catch (err) {
    if (err instanceof ApiError && CATALOGUE_DECIDES.has(err.kind)) {
      reportError(err);
      return null;
    }
    if (err instanceof ApiError && (err.kind === 'unauthorized' || err.kind === 'user_frozen')) clearToken();
    showToast({ level: 'error', title: zh.errors.userFetchFailed, key: 'user-fetch' });
    throw redirect('/login');
  }
}

/** Public pages show the user when a token works, and never fail because of it. */
export async function optionalUser(): Promise<User | null> {
  if (!getToken()) return null;
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  if (user) restoreAdminMode(user);
  return user;
}
