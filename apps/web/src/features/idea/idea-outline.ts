/** What a section of an Issue outline does in the essay, for its badge and colour. */
export type OutlineRole = 'stance' | 'point' | 'concession' | 'conclusion' | 'other';

export interface OutlineSection {
  role: OutlineRole;
  /** The heading as the content writes it ('立场选择', '分论点一（成立）'); empty for text before any heading. */
  label: string;
  /** The claim written into the heading after its colon ('启发性推动科学前进…'); often empty. */
  claim: string;
  /** The rest of the section: markdown with $…$ math, as RichText reads it. */
  body: string;
}

const ROLE_BY_LABEL: [RegExp, OutlineRole][] = [
  [/立场/, 'stance'],
  [/让步|反驳|反方/, 'concession'],
  [/结论|总结|结语/, 'conclusion'],
  [/论点|分析|观点|理由|方案|论证/, 'point'],
];

function roleOf(label: string): OutlineRole {
  return ROLE_BY_LABEL.find(([re]) => re.test(label))?.[1] ?? 'other';
}

/** Trims the colons and spaces the headings and bodies of the content start or end with. */
function trimColons(s: string): string {
  return s.replace(/^[\s：:]+|[\s：:]+$/g, '');
}

/**
 * Splits an Issue analysis into its sections. The bank writes one paragraph per section, opened by a bold heading:
 * '**立场选择**：部分同意…', '**分论点一：启发性推动科学前进。** 例：…', '**让步与反驳**：…', '**结论**：…'.
 * Paragraphs without a heading belong to the section before them; a text with no heading at all is one 'other' section.
 */
export function parseOutline(text: string): OutlineSection[] {
  const sections: OutlineSection[] = [];
  for (const para of text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^\*\*([^*]+)\*\*([\s\S]*)$/.exec(para);
    const last = sections[sections.length - 1];
    if (!m) {
      if (last) last.body = last.body ? `${last.body}\n\n${para}` : para;
      else sections.push({ role: 'other', label: '', claim: '', body: para });
      continue;
    }
    const heading = trimColons(m[1]!);
    const colon = heading.search(/[：:]/);
    const label = colon < 0 ? heading : heading.slice(0, colon).trim();
    const claim = colon < 0 ? '' : trimColons(heading.slice(colon + 1));
    sections.push({ role: roleOf(label), label, claim, body: trimColons(m[2]!) });
  }
  return sections;
}

/** The standard headings the role badge already says; what is left of a heading after them is worth showing. */
const GENERIC_HEADING = /^(立场选择|立场|分?论点[一二三四五六七八九十\d]*|让步与反驳|让步|结论)/;

/** What a heading adds to its badge: '分论点二（为何需要公共资金）' → '为何需要公共资金'; '立场选择' → ''. */
export function headingNote(label: string): string {
  return label
    .replace(GENERIC_HEADING, '')
    .trim()
    .replace(/^[（(](.*)[）)]$/, '$1');
}

/** Makes the bank's '例：' markers stand out as the examples they introduce. */
export function markExamples(body: string): string {
  return body.replace(/(^|[\s。；;])例[：:]/g, '$1**例：**');
}

/**
 * An analysis ending in a sample essay ('**范文（5–6 分）**' and the English essay after it): the outline before it,
 * and the essay, shown apart in English; sample is null when there is none.
 */
export function splitSample(text: string): { outline: string; sample: string | null } {
  const m = /(?:^|\n\s*\n)\*\*范文[^*]*\*\*[\s：:]*/.exec(text);
  if (!m) return { outline: text, sample: null };
  const sample = text.slice(m.index + m[0].length).trim();
  return { outline: text.slice(0, m.index).trim(), sample: sample || null };
}
