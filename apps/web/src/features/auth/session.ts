import { userCalls, type User } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { markAdminModeSet } from '../../app-start';
import { call } from '../../api/client';
import { currentUserQuery, queryKeys } from '../../api/queries';
import { clearToken, getToken, setToken, subscribeToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN.core';
import { afterLogin, appModeStore, initialAppMode } from '../../state/app-mode';

/** The saved token, re-rendering when it is set or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}

/** The logged-in user from the shared query, or null when logged out or not loaded. */
export function useCurrentUser(): User | null {
  const token = useToken();
  const { data } = useQuery({ ...currentUserQuery, enabled: token !== null });
  return token ? (data ?? null) : null;
}

/** Spec §4 after login/register/reset: save the token, reset view modes, admin mode on for admins. */
export function completeLogin(queryClient: QueryClient, session: { token: string; user: User }): void {
  queryClient.clear();
  setToken(session.token);
  queryClient.setQueryData(queryKeys.currentUser, session.user);
  appModeStore.set((prev) => afterLogin(prev, session.user.is_admin));
  markAdminModeSet(session.user.id);
}

/** Logs out on the server and forgets the token here even if the server call fails (e.g. already expired). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: () => call(userCalls.logout, {}),
    meta: { handlesErrors: true },
    onSettled: async () => {
      clearToken();
      appModeStore.set(initialAppMode);
      await navigate('/login');
      queryClient.clear();
      void message.success(zh.nav.loggedOut);
    },
  });
}
