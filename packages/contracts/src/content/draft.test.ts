import { describe, expect, it } from 'vitest';
import { checkDraft, draftBodySchema, EDITOR_KIND_LIST, newDraft, rekey } from './draft.js';

describe('question editor drafts', () => {
  it.each(EDITOR_KIND_LIST)('a new %s draft fits the draft schema and is checked without throwing', (kind) => {
    const body = newDraft(kind);
    expect(draftBodySchema.parse(body)).toEqual(body);
    const { problems, parsed } = checkDraft(body);
    // Empty texts are problems to fix, never a crash; nothing half-written passes.
    expect(problems.length).toBeGreaterThan(0);
    expect(parsed).toBeNull();
  });

  it('keys options A.. by their place', () => {
    expect(rekey([{ text: 'x' }, { text: 'y' }])).toEqual([
      { key: 'A', text: 'x' },
      { key: 'B', text: 'y' },
    ]);
  });

  it('names where each problem is', () => {
    const body = newDraft('rc_single');
    const paths = checkDraft(body).problems.map((p) => p.path);
    expect(paths).toContain('passage/text');
    expect(paths.some((p) => p.startsWith('question/'))).toBe(true);
  });
});
