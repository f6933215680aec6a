import { NOTICE_USERS_MAX, idSchema } from '@gre/contracts';

/** What the user-id field holds: the ids (each once, in the order typed), or the first problem with it. */
export type UserIdsParse =
  | { ok: true; ids: number[] }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'invalid'; bad: string }
  | { ok: false; problem: 'tooMany' };

/** User ids typed one after another, split by commas (ASCII or Chinese), 、, semicolons or any white space. */
export function parseUserIds(text: string): UserIdsParse {
  const parts = text.split(/[\s,，、;；]+/u).filter((s) => s !== '');
  if (parts.length === 0) return { ok: false, problem: 'empty' };
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const id = /^\d{1,16}$/.test(part) ? Number(part) : NaN;
    if (!idSchema.safeParse(id).success) return { ok: false, problem: 'invalid', bad: part };
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  if (ids.length > NOTICE_USERS_MAX) return { ok: false, problem: 'tooMany' };
  return { ok: true, ids };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** Whether the operator wrote HTML (a tag or an entity) rather than plain lines. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(text) || /&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text);
}

/**
 * A notice body as the server stores it (rich text): HTML is sent as written (the server sanitises it); plain text
 * becomes paragraphs at blank lines and line breaks within them, escaped, so the lines read as they were typed.
 */
export function noticeHtml(text: string): string {
  const trimmed = text.trim();
  if (looksLikeHtml(trimmed)) return trimmed;
  return trimmed
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter((para) => para !== '')
    .map((para) => `<p>${para.split(/\r?\n/).map(escapeHtml).join('<br>')}</p>`)
    .join('');
}
