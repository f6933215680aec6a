import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fenToYuan,
  jsonValueText,
  parseShanghaiTime,
  rsa2Sign,
  rsa2Verify,
  shanghaiTime,
  signingString,
  yuanToFen,
} from './alipay-sign.js';
import { useFakeAlipay } from './alipay.test-kit.js';

const { fake, created, notice } = await useFakeAlipay();

describe('alipay wire format (properties)', () => {
  it('writes every fen amount as exact yuan and reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (fen) => {
        const yuan = fenToYuan(fen);
        expect(yuan).toMatch(/^(0|[1-9]\d*)\.\d\d$/);
        expect(yuan).toBe((fen / 100).toFixed(2));
        expect(yuanToFen(yuan)).toBe(fen);
      }),
    );
    fc.assert(fc.property(fc.maxSafeNat(), (fen) => yuanToFen(fenToYuan(fen)) === fen));
  });

  it('reads only plain decimals of at most two places, exactly as documented', () => {
    const table: Array<[string, number | null]> = [
      ['99.00', 9900],
      ['0.01', 1],
      ['0.1', 10],
      ['5', 500],
      ['0', 0],
      ['1.005', null],
      ['1.000', null],
      ['-1', null],
      ['+1', null],
      ['1e2', null],
      ['01.00', null],
      ['1.', null],
      ['.5', null],
      [' 1', null],
      ['', null],
      ['0x10', null],
      ['１', null],
      ['90071992547409.92', null],
    ];
    for (const [text, fen] of table) expect([text, yuanToFen(text)]).toEqual([text, fen]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-+e ') }), (text) => {
        const fen = yuanToFen(text);
        if (fen !== null) expect(Math.round(Number(text) * 100)).toBe(fen);
      }),
    );
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('verifies what it signs over any parameters, through form encoding, and nothing altered', () => {
    const { appPrivate, appPublic } = fake.keys;
    const params = fc.dictionary(fc.stringMatching(/^[a-z_]{1,10}$/), fc.string({ unit: 'grapheme', maxLength: 20 }), {
      minKeys: 1,
    });
    fc.assert(
      fc.property(params, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 5 }), (map, extra) => {
        const sign = rsa2Sign(signingString(map, ['sign']), appPrivate);
        const decoded = new URLSearchParams(new URLSearchParams({ ...map, sign }).toString());
        expect(rsa2Verify(signingString(decoded, ['sign']), decoded.get('sign')!, appPublic)).toBe(true);
        const key = Object.keys(map)[0]!;
        const altered = { ...map, [key]: `${map[key]}${extra}` };
        expect(rsa2Verify(signingString(altered, ['sign']), sign, appPublic)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('accepts any extra notification fields Alipay may add', async () => {
    const order = await created();
    fake.pay(order);
    const field = fc.stringMatching(/^x_[a-z]{1,8}$/);
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, fc.string({ unit: 'grapheme', maxLength: 30 })), async (fields) => {
        await expect(notice(order, { fields })).resolves.toMatchObject({ order });
      }),
      { numRuns: 30 },
    );
  });

  it('extracts the exact text of a response node', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.constantFrom(0, 2), (before, node, indent) => {
        const raw = JSON.stringify({ a_response_x: before, alipay_x_response: node, sign: 's' }, null, indent);
        const text = jsonValueText(raw, 'alipay_x_response');
        expect(JSON.stringify(JSON.parse(text!))).toBe(JSON.stringify(node));
        if (indent === 0) expect(text).toBe(JSON.stringify(node));
      }),
    );
    expect(jsonValueText('{"k":{"s":"}\\"{"},"n":1}', 'k')).toBe('{"s":"}\\"{"}');
    expect(jsonValueText('[{"k":1}]', 'k')).toBeNull();
    expect(jsonValueText('{"j":1}', 'k')).toBeNull();
  });

  it('writes and reads Shanghai times', () => {
    expect(shanghaiTime(new Date('2023-12-31T16:00:00.999Z'))).toBe('2024-01-01 00:00:00');
    expect(parseShanghaiTime('2024-02-30 00:00:00')).toBeNull();
    expect(parseShanghaiTime('2024-01-01T00:00:00')).toBeNull();
    const second = fc.integer({ min: 0, max: 4_102_444_800 }).map((s) => new Date(s * 1000));
    fc.assert(fc.property(second, (at) => parseShanghaiTime(shanghaiTime(at))!.getTime() === at.getTime()));
  });
});
