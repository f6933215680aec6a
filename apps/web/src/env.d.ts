/// <reference types="vite/client" />

/** The web package version, injected at build time for the /debug page. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Comma-separated hosts that show the migration notice (spec §2), e.g. `old.example.com,old2.example.com`. */
  readonly VITE_OLD_HOSTS?: string;
  /** Host the migration notice links to. */
  readonly VITE_NEW_HOST?: string;
  /** Phrase that bypasses the migration notice for under a day. */
  readonly VITE_BYPASS_PHRASE?: string;
  /** Support contacts shown in the contact-us dialog; left out when unset. */
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_WECHAT?: string;
}
