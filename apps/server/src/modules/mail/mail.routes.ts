import type { Module } from '../../lib/register-call.js';

/** Spec §7 Mail calls: the inbox, mark read, the mail list, notices and reminder settings. */
export const mailModule: Module = () => {};
