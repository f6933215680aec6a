import { useLayoutEffect, useRef } from 'react';

/** `text` cut into plain and matched runs, each keyword matched case-insensitively (longer ones first). */
export function splitMatches(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const needles = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const out: { text: string; match: boolean }[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    const hit = needles.find((n) => lower.startsWith(n, i));
    if (!hit) {
      i += 1;
      continue;
    }
    if (i > plainStart) out.push({ text: text.slice(plainStart, i), match: false });
    out.push({ text: text.slice(i, i + hit.length), match: true });
    i += hit.length;
    plainStart = i;
  }
  if (plainStart < text.length) out.push({ text: text.slice(plainStart), match: false });
  return out;
}

/**
 * A comment's sanitised HTML (the server's allowlist) with the keywords that held it marked: only its text nodes are
 * touched, so the markup stays as stored.
 */
export function HighlightedHtml({ html, words, className }: { html: string; words: string[]; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.innerHTML = html;
    if (words.length === 0) return;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    for (const node of nodes) {
      const parts = splitMatches(node.data, words);
      if (!parts.some((p) => p.match)) continue;
      const frag = document.createDocumentFragment();
      for (const p of parts) {
        if (!p.match) frag.append(p.text);
        else {
          const mark = document.createElement('mark');
          mark.textContent = p.text;
          frag.append(mark);
        }
      }
      node.replaceWith(frag);
    }
  }, [html, words]);
  return <div ref={ref} className={className} />;
}
