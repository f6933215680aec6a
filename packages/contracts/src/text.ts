/** `text` as a literal inside a regular expression: every character with a meaning there escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
