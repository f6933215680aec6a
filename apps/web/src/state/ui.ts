import type { CatalogueDialog } from '../api/error-catalogue';
import { createStore } from './store';

/** Spec §2 global dialogs this build can show; one host, one at a time. */
export type GlobalDialog = CatalogueDialog | { kind: 'contact' } | { kind: 'rights' } | { kind: 'login_hint' };

export const dialogStore = createStore<GlobalDialog | null>(null);

/** Set once any call answers `server_upgrading`; only a reload clears it. */
export const upgradeOverlayStore = createStore(false);

/**
 * Routes that render without antd (the exam screen) leave the antd layer — toasts, dialogs, the upgrade overlay —
 * unloaded until something has to be shown; this flag asks the root layout to load it. Once set it stays set.
 */
export const antdLayerStore = createStore(false);

/** Asks for the antd layer (a no-op where it is already mounted). */
export function requestAntdLayer(): void {
  antdLayerStore.set(true);
}

export function openDialog(dialog: GlobalDialog): void {
  dialogStore.set(dialog);
  requestAntdLayer();
}

export function closeDialog(): void {
  dialogStore.set(null);
}

/** Spec §2 service-upgrade overlay, on whichever route is showing. */
export function showUpgradeOverlay(): void {
  upgradeOverlayStore.set(true);
  requestAntdLayer();
}
