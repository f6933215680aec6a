// Display formats more than one feature shows: here, not in one of them, so features never import each other for a
// helper.

/** Sizes as people read them: 812 B, 14.2 KB, 3.1 MB (1024-based, like the 10 MB limit). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
