import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { parseEcdict, parseExchange, senses, wordQuestionId } from './ecdict.js';

/** Writes rows the way RFC 4180 says, quoting only where needed. */
function toCsv(rows: string[][], eol: string): string {
  const cell = (s: string) => (/[",\r\n]/.test(s) || s === '' ? `"${s.replaceAll('"', '""')}"` : s);
  return rows.map((r) => r.map(cell).join(',')).join(eol) + eol;
}

describe('parseCsv', () => {
  it('reads back whatever RFC 4180 writes: quotes, commas and line breaks inside fields, CRLF or LF', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', 'Z', '好', ',', '"', '\n', '\r\n', ' ', '\\n'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        (rows, eol) => {
          const { records, problems } = parseCsv(toCsv(rows, eol));
          expect(problems).toEqual([]);
          expect(records.map((r) => r.fields)).toEqual(rows);
        },
      ),
    );
  });

  it('numbers records by the line they start on', () => {
    const { records } = parseCsv('h1,h2\r\n"two\nlines",x\r\nlast,y\r\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('reports an unclosed quote and a stray quote with their lines', () => {
    expect(parseCsv('a,b\nc,"open\n').problems).toEqual([{ line: 2, message: 'a quoted field is never closed' }]);
    expect(parseCsv('a,b\nc,d"e\n').problems).toEqual([{ line: 2, message: 'a quote inside an unquoted field' }]);
  });
});

describe('ECDICT lists', () => {
  it('splits senses on the literal \\n and \\r\\n separators', () => {
    expect(senses('vt. 放弃\\nn. 放任\\r\\nadj. 狂热的')).toEqual(['vt. 放弃', 'n. 放任', 'adj. 狂热的']);
  });

  it('reads exchange forms', () => {
    expect(parseExchange('d:abandoned/p:abandoned/i:abandoning/3:abandons')).toContainEqual({
      kind: 'i',
      word: 'abandoning',
    });
    expect(parseExchange('')).toEqual([]);
  });

  it('tells the word list from the look-up list by its header, and rejects other CSV', () => {
    expect(parseEcdict('word,phonetic,translation,definition\nx,y,z,w\n').format).toBe('words');
    expect(parseEcdict('word,phonetic,translation,tags,exchange\nx,y,z,,\n').format).toBe('lookup');
    const other = parseEcdict('name,score\nx,1\n');
    expect(other.format).toBeNull();
    expect(other.problems[0]?.message).toMatch(/header must name/);
  });

  it('gives every word a stable, valid and distinct question id', () => {
    expect(wordQuestionId('abandon')).toBe('w-abandon');
    expect(wordQuestionId('well-being')).toBe('w-well-being');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), (a, b) => {
        expect(wordQuestionId(a)).toMatch(/^[qw][a-z0-9-]{1,63}$/);
        expect(wordQuestionId(a)).toBe(wordQuestionId(a));
        if (a !== b) expect(wordQuestionId(a)).not.toBe(wordQuestionId(b));
      }),
    );
  });
});
