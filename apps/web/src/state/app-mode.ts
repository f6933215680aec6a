import { createStore } from './store';

/** Spec §2 display modes. */
export type DisplayMode = 'none' | 'exam' | 'search' | 'report' | 'flash';

export interface AppMode {
  displayMode: DisplayMode;
  /** Staff tools visible; only ever true for is_admin users. */
  adminMode: boolean;
  /** Editing questions in place (admin mode only). */
  editMode: boolean;
  /** Highlighting changed content (admin mode only). */
  highlightMode: boolean;
}

export const initialAppMode: AppMode = { displayMode: 'none', adminMode: false, editMode: false, highlightMode: false };

/** Spec §4: logging in resets the view modes and turns admin mode on for admins. */
export function afterLogin(_prev: AppMode, isAdmin: boolean): AppMode {
  return { ...initialAppMode, adminMode: isAdmin };
}

/** Spec §4: admin mode needs is_admin; turning it off clears edit and highlight modes. */
export function withAdminMode(prev: AppMode, on: boolean, isAdmin: boolean): AppMode {
  if (on && isAdmin) return { ...prev, adminMode: true };
  return { ...prev, adminMode: false, editMode: false, highlightMode: false };
}

/** Edit and highlight modes exist only inside admin mode. */
export function withStaffMode(prev: AppMode, mode: 'editMode' | 'highlightMode', on: boolean): AppMode {
  return { ...prev, [mode]: on && prev.adminMode };
}

export const appModeStore = createStore<AppMode>(initialAppMode);
