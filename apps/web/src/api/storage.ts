/** Spec §9: the only two keys the app keeps in localStorage. */
export const STORAGE_KEYS = {
  token: 'gre.token',
  deviceId: 'gre.device_id',
} as const;

type Listener = () => void;
const tokenListeners = new Set<Listener>();

/** The saved login token, or null. */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

/** Saves the token from login/register/reset and tells subscribers (nav, app start). */
export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  tokenListeners.forEach((l) => l());
}

/** Forgets the token (logout, 401, token_expired). */
export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  tokenListeners.forEach((l) => l());
}

/** For useSyncExternalStore. */
export function subscribeToken(listener: Listener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** RFC 4122 v4 from getRandomValues: `crypto.randomUUID` only exists on https and localhost. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random id created on first use and kept, so the server can tell this browser's sessions apart. */
export function getDeviceId(): string {
  const saved = localStorage.getItem(STORAGE_KEYS.deviceId);
  if (saved) return saved;
  const id = randomUuid();
  localStorage.setItem(STORAGE_KEYS.deviceId, id);
  return id;
}
