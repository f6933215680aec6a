import type { QueryClient } from '@tanstack/react-query';
import { openDialog, requestAntdLayer, showUpgradeOverlay } from '../state/ui';
import type { CatalogueEffects, Toast } from './error-catalogue';
import { queryKeys } from './queries';
import type { User } from '@gre/contracts';
import { clearToken } from './storage';

type ToastSink = (toast: Toast) => void;
type Navigate = (path: string) => void;

let toastSink: ToastSink | null = null;
const queued: Toast[] = [];
let navigateImpl: Navigate = (path) => window.location.assign(path);

/**
 * The toaster component registers here once antd's App context exists; earlier toasts wait for it (on a route
 * without antd, until the antd layer they ask for has loaded).
 */
export function bindToaster(sink: ToastSink | null): void {
  toastSink = sink;
  if (sink) queued.splice(0).forEach(sink);
}

/** The router registers its navigate so redirects stay client-side. */
export function bindNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Client-side navigation from outside React (toast actions, catalogue redirects). */
export function navigateTo(path: string): void {
  navigateImpl(path);
}

/** Shows a toast through the bound toaster (used by the catalogue and by pages). */
export function showToast(toast: Toast): void {
  if (toastSink) {
    toastSink(toast);
    return;
  }
  queued.push(toast);
  requestAntdLayer();
}

/** The catalogue's effects on the real page. */
export function browserEffects(queryClient: QueryClient): CatalogueEffects {
  return {
    toast: showToast,
    openDialog,
    navigate: navigateTo,
    reload: () => window.location.reload(),
    clearToken,
    showUpgradeOverlay,
    setTimer: (fn, ms) => void window.setTimeout(fn, ms),
    roleName: () => queryClient.getQueryData<User>(queryKeys.currentUser)?.authority.role_name ?? null,
  };
}
