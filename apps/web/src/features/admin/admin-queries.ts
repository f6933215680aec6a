import { permissionCalls, type AdminUser, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Rows per page of the console's lists. */
export const ADMIN_PAGE_SIZE = 20;

export const adminKeys = {
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  coins: (id: number) => ['admin', 'coins', id] as const,
  vouchers: ['admin', 'vouchers'] as const,
  trades: ['admin', 'trades'] as const,
  audit: ['admin', 'audit'] as const,
};

export type UserSearch = Omit<CallRequest<typeof permissionCalls.findUsers>, 'page_size'>;

export const usersQuery = (search: UserSearch) =>
  queryOptions({
    queryKey: [...adminKeys.users, search] as const,
    queryFn: () => call(permissionCalls.findUsers, { ...search, page_size: ADMIN_PAGE_SIZE }, { quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: () => call(permissionCalls.getUser, { user_id: id }, { quiet: true }),
    staleTime: 0,
  });

export const coinsQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.coins(id),
    queryFn: () => call(permissionCalls.checkCoin, { user_id: id }, { quiet: true }),
    staleTime: 0,
  });

/**
 * A permission call answered with the user as they are now: the drawer shows it at once, and every list and history
 * that may show them is read again.
 */
export function userChanged(qc: QueryClient, user: AdminUser): void {
  qc.setQueryData(adminKeys.user(user.id), (prev: { user: AdminUser } | undefined) =>
    prev ? { ...prev, user } : prev,
  );
  void qc.invalidateQueries({ queryKey: adminKeys.user(user.id) });
  void qc.invalidateQueries({ queryKey: adminKeys.coins(user.id) });
  void qc.invalidateQueries({ queryKey: adminKeys.users });
  void qc.invalidateQueries({ queryKey: adminKeys.audit });
}
