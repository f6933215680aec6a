import { NOTICE_USERS_MAX } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, noticeHtml, parseUserIds } from './notice-draft';

const SEPARATORS = [',', '，', '、', ' ', '\n', '\t', ';', '；', ', ', ' \n '];

describe('parseUserIds', () => {
  it('reads ids between any mix of separators, each once in the order typed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 50 }),
        fc.array(fc.constantFrom(...SEPARATORS), { minLength: 51, maxLength: 51 }),
        (ids, seps) => {
          const text = seps[0]! + ids.map((id, i) => `${id}${seps[i + 1]}`).join('');
          expect(parseUserIds(text)).toEqual({ ok: true, ids: [...new Set(ids)] });
        },
      ),
    );
  });

  it('names the first part that is not a user id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 5 }),
        fc.constantFrom('0', '-3', '1.5', 'abc', '12a', '9007199254740992', '１２', '0x10', '1e3'),
        (good, bad) => {
          expect(parseUserIds([...good, bad, 5].join(','))).toEqual({ ok: false, problem: 'invalid', bad });
        },
      ),
    );
  });

  it('wants at least one id and at most the contract limit (after removing repeats)', () => {
    expect(parseUserIds('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseUserIds(' ，\n ')).toEqual({ ok: false, problem: 'empty' });
    const max = Array.from({ length: NOTICE_USERS_MAX }, (_, i) => i + 1);
    expect(parseUserIds(max.join(' '))).toEqual({ ok: true, ids: max });
    expect(parseUserIds([...max, ...max].join(' '))).toEqual({ ok: true, ids: max });
    expect(parseUserIds([...max, NOTICE_USERS_MAX + 1].join(' '))).toEqual({ ok: false, problem: 'tooMany' });
  });
});

describe('noticeHtml', () => {
  it('turns plain lines into escaped paragraphs and line breaks', () => {
    expect(noticeHtml('第一段\n第二行\n\n  第二段 1 < 2 & "引号"  \n\n\n')).toBe(
      '<p>第一段<br>第二行</p><p>第二段 1 &lt; 2 &amp; &quot;引号&quot;</p>',
    );
  });

  it('sends HTML as written, for the server to sanitise', () => {
    const html = '<p>集训营于 <strong>1 月 10 日</strong>开始</p>\n<ul><li>名额有限</li></ul>';
    expect(looksLikeHtml(html)).toBe(true);
    expect(noticeHtml(`  ${html}\n`)).toBe(html);
    expect(looksLikeHtml('价格 &yen;99')).toBe(true);
    expect(looksLikeHtml('3 < 5 且 6 > 4')).toBe(false);
  });

  it('never lets plain text become markup: the text of the paragraphs is what was typed', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }), (lines) => {
        const text = lines.join('\n');
        fc.pre(!looksLikeHtml(text.trim()));
        const div = document.createElement('div');
        div.innerHTML = noticeHtml(text);
        const lineTexts = [...div.querySelectorAll('p')].flatMap((p) =>
          p.innerHTML.split('<br>').map((part) => {
            const span = document.createElement('span');
            span.innerHTML = part;
            expect(span.children).toHaveLength(0);
            return span.textContent;
          }),
        );
        const typed = text
          .trim()
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l !== '');
        expect(lineTexts.map((l) => l.trim()).filter((l) => l !== '')).toEqual(typed);
      }),
    );
  });
});
