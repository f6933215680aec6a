/** Build-time site configuration (Vite `VITE_*` variables); every default is "feature off". */
export interface SiteConfig {
  /** Hosts (lower case, with port if any) that are retired and show the migration notice. */
  oldHosts: string[];
  /** Where the site moved to; the migration notice links here. */
  newHost: string;
  /** Typing this in the hidden box bypasses the migration notice for under a day. */
  bypassPhrase: string;
  contactEmail: string;
  contactWechat: string;
}

const DEFAULT_BYPASS_PHRASE = '继续访问旧站';

/** Splits `a.com, B.com,` into `['a.com', 'b.com']`. */
export function parseHostList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export const siteConfig: SiteConfig = {
  oldHosts: parseHostList(import.meta.env.VITE_OLD_HOSTS),
  newHost: (import.meta.env.VITE_NEW_HOST ?? '').trim(),
  bypassPhrase: (import.meta.env.VITE_BYPASS_PHRASE ?? '').trim() || DEFAULT_BYPASS_PHRASE,
  contactEmail: (import.meta.env.VITE_CONTACT_EMAIL ?? '').trim(),
  contactWechat: (import.meta.env.VITE_CONTACT_WECHAT ?? '').trim(),
};

/** Fast calls finish before this, so the global loading overlay never flashes for them. */
export const LOADING_OVERLAY_DELAY_MS = 300;

/** The web build version shown on /debug. */
export const APP_VERSION: string = __APP_VERSION__;
