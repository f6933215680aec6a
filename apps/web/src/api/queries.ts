import { systemCalls, userCalls } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** Query keys in one place so invalidation never misses a spelling. */
export const queryKeys = {
  currentUser: ['user', 'current'] as const,
  debugInfo: ['debug', 'info'] as const,
  siteSettings: ['admin', 'settings'] as const,
  prices: ['pay', 'prices'] as const,
  quotaTable: ['quota', 'table'] as const,
  /**
   * Every exam list and report (features/records) sits under this prefix; the exam screen refreshes them when it submits
   * a section. Here so the exam screen need not import the records feature (and its antd dialogs) for one key.
   */
  exams: ['exams'] as const,
};

/** The logged-in user (spec §4 app start). Failures are handled by the caller, not the global toast. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: () => call(userCalls.get, {}),
  staleTime: 60_000,
  retryOnMount: false,
  meta: { handlesErrors: true },
});

export const debugInfoQuery = queryOptions({
  queryKey: queryKeys.debugInfo,
  queryFn: () => call(systemCalls.debugInfo, {}),
  staleTime: 0,
});

export const siteSettingsQuery = queryOptions({
  queryKey: queryKeys.siteSettings,
  queryFn: () => call(systemCalls.getSettings, {}),
  staleTime: 0,
  retryOnMount: false,
});
