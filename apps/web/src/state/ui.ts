import type { PurchasableKind } from '@gre/contracts';
import type { CatalogueDialog } from '../api/error-catalogue';
import { createStore } from './store';

/**
 * Spec §2 payment dialogs: membership (opening on the tier asked for; the learner may switch tiers in it) and the
 * flash-card quota. The spec's 'None' kind is the dialog's loading state, not a dialog of its own.
 */
export type PayDialog = { kind: 'pay'; trade: PurchasableKind };

/**
 * Spec §2 create-flash dialog, preset to a source (`range_kind`, rules/flash.ts FLASH_SOURCES) and its scope (a word
 * book id, a frequency band, a card tag; '' for the whole source). The learner may change both in it.
 */
export type CreateFlashDialog = { kind: 'create_flash'; range_kind: number; scope: string };

/** Spec §2 chat dialog: a question's thread (its `topic_id`) with the 讨论 tab, and its 助教 tab on the question. */
export type ChatDialog = { kind: 'chat'; topic_id: number; question_id: string | null };

/** Spec §2 global dialogs this build can show; one host, one at a time. */
export type GlobalDialog =
  | CatalogueDialog
  | PayDialog
  | { kind: 'contact' }
  | { kind: 'rights' }
  | { kind: 'rights_overview' }
  | { kind: 'login_hint' }
  | CreateFlashDialog
  | ChatDialog
  | { kind: 'assistant' };

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

/** Opens the payment dialog for a tier (VIP, SVIP) or the flash-card quota (FlashCoin). */
export function openPay(trade: PurchasableKind): void {
  openDialog({ kind: 'pay', trade });
}

/** Opens the create-flash dialog preset to a source and scope (/word, personal/card, the home review card). */
export function openCreateFlash(range_kind: number, scope = ''): void {
  openDialog({ kind: 'create_flash', range_kind, scope });
}

/** Opens the chat dialog on a question's discussion and its assistant (review screens). */
export function openChat(topicId: number, questionId: string | null = null): void {
  openDialog({ kind: 'chat', topic_id: topicId, question_id: questionId });
}

/** Opens the study assistant for questions about the learner's progress (home, the user menu). */
export function openAssistant(): void {
  openDialog({ kind: 'assistant' });
}

export function closeDialog(): void {
  dialogStore.set(null);
}

/** Spec §2 service-upgrade overlay, on whichever route is showing. */
export function showUpgradeOverlay(): void {
  upgradeOverlayStore.set(true);
  requestAntdLayer();
}
