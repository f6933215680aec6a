import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { questionCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { CONTENT_DIR, parseCsv, senses } from '../content-import/index.js';
import { wordIndex } from './word-index.js';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await userWithToken(t.deps.database.db, { roleKind: 'Trail' })).token;
});
afterAll(() => t.close());

const lookup = async (word: string) => {
  const res = await t.call(questionCalls.wordLookup, { word }, { token });
  expect(res.status, word).toBe(200);
  return res.data;
};

describe('/api/word/lookup', () => {
  it('resolves headwords and inflected forms through exchange', async () => {
    const abandon = await lookup('abandon');
    expect(abandon).toMatchObject({ found: true, parts: [] });
    expect(abandon.entries[0]).toMatchObject({
      word: 'abandon',
      headword: 'abandon',
      relation: null,
      gre: true,
      question_id: 'w-abandon',
    });
    expect(abandon.entries[0]?.phonetic).not.toBe('');
    expect(abandon.entries[0]?.translation.join(' ')).toMatch(/放弃/);
    expect(abandon.entries[0]?.definition.length).toBeGreaterThan(0);
    const abandoned = await lookup('abandoned,');
    expect(abandoned.query).toBe('abandoned,');
    expect(abandoned.entries[0]).toMatchObject({ word: 'abandoned', headword: 'abandon', relation: 'past_forms' });
    // The form's own senses follow the lemma's: every sense is listed.
    expect(abandoned.entries[1]).toMatchObject({ headword: 'abandoned', relation: null });
    expect(abandoned.entries[1]?.translation.join(' ')).toMatch(/被抛弃的/);
    expect((await lookup('went')).entries).toMatchObject([{ headword: 'go', relation: 'past' }]);
    expect((await lookup('Mitigates')).entries[0]?.headword).toBe('mitigate');
    expect((await lookup('“Laconic”')).entries[0]?.headword).toBe('laconic');
  });

  it('puts a GRE word before the lemma it inflects, with no "bear的过去式" line of its own', async () => {
    const bore = await lookup('bore');
    expect(bore.entries.map((e) => [e.headword, e.relation])).toEqual([
      ['bore', null],
      ['bear', 'past'],
    ]);
    expect(bore.entries[0]?.translation.join(' ')).not.toMatch(/bear的/);
  });

  it('reads a hyphenated compound by its parts, whatever its case and punctuation', async () => {
    const reef = await lookup('Reef-building,');
    expect(reef).toMatchObject({ query: 'Reef-building,', found: true, parts: ['Reef', 'building'] });
    expect(reef.entries.map((e) => e.headword)).toEqual(['reef', 'build', 'building']);
    expect(reef.entries[0]?.translation.join(' ')).toMatch(/礁/);
    expect(reef.entries[1]).toMatchObject({ word: 'building', relation: 'present_participle' });
    expect(reef.entries[2]?.translation.join(' ')).toMatch(/建筑物/);
    // A compound the dictionary has whole is its own entry.
    expect(await lookup('A-road')).toMatchObject({ parts: [], entries: [{ headword: 'A-road' }] });
    // A part neither list knows is named, the known part has its entry.
    expect(await lookup('zzqxv-reef')).toMatchObject({ parts: ['zzqxv', 'reef'], entries: [{ headword: 'reef' }] });
  });

  it('falls back from a derived form to its base by suffix, with the relation', async () => {
    const acc = await lookup('acclimatization');
    expect(acc.found).toBe(true);
    // acclimatize is not in ECDICT and acclimatise only points at it: the base with senses is acclimate.
    expect(acc.entries).toMatchObject([
      { word: 'acclimatization', headword: 'acclimate', relation: 'noun', gre: true },
    ]);
    expect(acc.entries[0]?.translation.join(' ')).toMatch(/适应/);
    expect((await lookup('Acclimatization.')).entries[0]?.headword).toBe('acclimate');
    expect((await lookup('zealotries')).entries[0]).toMatchObject({ headword: 'zealotry', relation: 'plural' });
  });

  it('gives hardier as the comparative of hardy with the GRE sense first, then every ECDICT sense in order', async () => {
    const { entries } = await lookup('hardier');
    expect(entries).toHaveLength(1);
    const [hardy] = entries;
    expect(hardy).toMatchObject({ word: 'hardier', headword: 'hardy', relation: 'comparative', gre: true });
    expect(hardy?.gre_senses[0]).toMatch(/^a\. 耐寒的/);
    expect(hardy?.gre_senses.join(' ')).toMatch(/能吃苦耐劳/);
    expect(hardy?.translation).toEqual(['a. 难的, 艰苦的, 坚硬的, 勇敢的', 'adv. 努力地, 辛苦地, 坚硬地']);
    expect((await lookup('hardiest')).entries[0]).toMatchObject({ headword: 'hardy', relation: 'superlative' });
  });

  it('answers 200 with found: false for a word neither list knows, in any form or part', async () => {
    for (const word of ['zzqxv', 'zzqxvization', 'zzq-xvv', '---', '”']) {
      expect(await lookup(word), word).toEqual({ query: word, found: false, parts: [], entries: [] });
    }
  });

  it('still refuses a word past the request bound', async () => {
    const res = await t.call(questionCalls.wordLookup, { word: 'a'.repeat(65) }, { token });
    expect(res.status).toBe(400);
    expect(res.err?.kind).toBe('invalid_input');
  });
});

describe('content/words/gre-senses.csv', () => {
  it('gives GRE senses only to headwords of the lists, in Chinese, in the look-up list format the import skips', async () => {
    const { records, problems } = parseCsv(await readFile(join(CONTENT_DIR, 'words/gre-senses.csv'), 'utf8'));
    expect(problems).toEqual([]);
    // The look-up list's columns and no 'definition': a content import reads it as a look-up list and skips it.
    expect(records.shift()?.fields).toEqual(['word', 'phonetic', 'translation', 'tags', 'exchange']);
    expect(records.length).toBeGreaterThan(40);
    const index = await wordIndex();
    for (const { fields } of records) {
      const [word = '', , translation = ''] = fields;
      expect(fields, word).toHaveLength(5);
      const lines = senses(translation);
      expect(lines.length, word).toBeGreaterThan(0);
      for (const s of lines) expect(s, word).toMatch(/^[a-z]+\. .*[\u4e00-\u9fff]/);
      expect(index.lookup(word).entries[0], word).toMatchObject({ headword: word, relation: null, gre_senses: lines });
    }
  });

  it('answers a look-up from memory in well under a millisecond', async () => {
    const index = await wordIndex();
    const words = ['hardier', 'acclimatization', 'Reef-building', 'zzqxv', 'abandoned,', 'went'];
    const start = performance.now();
    for (let i = 0; i < 1000; i += 1) for (const w of words) index.lookup(w);
    expect((performance.now() - start) / (1000 * words.length)).toBeLessThan(0.5);
  });
});
