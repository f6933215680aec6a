import { questionCalls } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterFromParams } from './big-bank';

describe('big-bank filter from the URL', () => {
  it('reads a shared link into the filter call', () => {
    const f = filterFromParams(
      new URLSearchParams('category=3&kind=qc&difficulty=hard&topic=geometry&tag=ratio&keyword=%20triangle%20&page=4'),
    );
    expect(f).toEqual({
      category: 3,
      kind: 'qc',
      difficulty: 'hard',
      topic: 'geometry',
      tag: 'ratio',
      keyword: 'triangle',
      page: 4,
      page_size: 20,
    });
  });

  it('drops what the server would refuse instead of sending it', () => {
    const f = filterFromParams(
      new URLSearchParams('category=9&kind=essay&difficulty=extreme&topic=calculus&keyword=a&page=-3'),
    );
    expect(f).toMatchObject({
      category: 0,
      kind: undefined,
      difficulty: undefined,
      topic: undefined,
      keyword: undefined,
      page: 1,
    });
  });

  it('any query string yields a request the contract accepts', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('1', '3', '0', '99999999', 'NaN', '-1', 'hard', 'qc'),
    );
    const keys = fc.constantFrom('category', 'kind', 'difficulty', 'topic', 'tag', 'keyword', 'page', 'x');
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, value), { maxLength: 10 }), (pairs) => {
        expect(questionCalls.filter.request.safeParse(filterFromParams(new URLSearchParams(pairs))).success).toBe(true);
      }),
    );
  });
});
