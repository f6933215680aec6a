import type { CatalogueDialog } from '../api/error-catalogue';
import { createStore } from './store';

/** Spec §2 global dialogs this build can show; one host, one at a time. */
export type GlobalDialog = CatalogueDialog | { kind: 'contact' } | { kind: 'rights' } | { kind: 'login_hint' };

export const dialogStore = createStore<GlobalDialog | null>(null);

/** Set once any call answers `server_upgrading`; only a reload clears it. */
export const upgradeOverlayStore = createStore(false);

export function openDialog(dialog: GlobalDialog): void {
  dialogStore.set(dialog);
}

export function closeDialog(): void {
  dialogStore.set(null);
}
