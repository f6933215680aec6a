import {
  BOOK_ACCESS,
  BOOK_STATUSES,
  isHiddenBook,
  ROLE_KINDS,
  ROLE_RANK,
  VISIBILITIES,
  type BookAccess,
  type BookStatus,
  type RoleKind,
} from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor, UserRow } from './authorize.js';
import { decideAccess, decideBook, type AccessDecision, type BookGate, type Visibility } from './access.js';

const NOW = new Date('2026-11-22T00:00:00Z');
const PAST = new Date('2026-11-01T00:00:00Z');
const FUTURE = new Date('2027-01-08T00:00:00Z');

type Staff = 'none' | 'teacher' | 'operator' | 'admin';

function actor(role: RoleKind, staff: Staff = 'none', higherAccess = false): Actor {
  const user: UserRow = {
    id: 1,
    name: '学员',
    phone: null,
    email: 'a@b.c',
    passwordHash: 'x',
    signature: '',
    todayAim: 50,
    isAdmin: staff === 'admin',
    isOperator: staff === 'operator',
    isTeacher: staff === 'teacher',
    isFreeze: false,
    roleKind: role,
    roleExpiresAt: null,
    baseRoleKind: role,
    flashCoins: 0,
    hasCrown: false,
    showTailorShelf: false,
    customTailorUses: 0,
    showHigherCollect: false,
    canVisitMaterial: false,
    higherAccess,
    records: [],
    examEtsMode: true,
    mailRev: 0,
    createdAt: NOW,
    updatedAt: NOW,
  };
  return { user, sessionId: 1, deviceId: 'd', role };
}

/** The book situations the matrix walks: each access value, lock by date (before / after) and by tier, and the higher bank. */
const BOOK_CASES: Record<string, Omit<BookGate, 'status'>> = {
  hide: { kind: 'pick', access: 'hide', minRole: null, unlockAt: null, grantsUnderground: false },
  forbid: { kind: 'pick', access: 'forbid', minRole: null, unlockAt: null, grantsUnderground: false },
  'lock-until-future': { kind: 'season', access: 'lock', minRole: null, unlockAt: FUTURE, grantsUnderground: false },
  'lock-until-past': { kind: 'season', access: 'lock', minRole: null, unlockAt: PAST, grantsUnderground: false },
  'lock-vip': { kind: 'pick', access: 'lock', minRole: 'VIP', unlockAt: null, grantsUnderground: false },
  'higher-svip': { kind: 'higher', access: 'lock', minRole: 'SVIP', unlockAt: null, grantsUnderground: false },
  prevent: { kind: 'best', access: 'prevent', minRole: null, unlockAt: null, grantsUnderground: false },
  free: { kind: 'pick', access: 'free', minRole: null, unlockAt: null, grantsUnderground: false },
  'free-granting': { kind: 'pick', access: 'free', minRole: null, unlockAt: null, grantsUnderground: true },
  mock: { kind: 'mock', access: 'free', minRole: null, unlockAt: null, grantsUnderground: false },
};

const LEARNER_ROLES = ROLE_KINDS.filter((r) => r !== 'Stranger');

/**
 * product.md, written out as tables rather than as the function's logic. Book refusal for a learner
 * (no staff flag), by book case and tier; `open` opens.
 */
function expectedBook(bookCase: string, role: RoleKind, higherAccess: boolean): string {
  const table: Record<string, string | ((r: RoleKind) => string)> = {
    hide: 'not_found',
    forbid: 'forbidden',
    'lock-until-future': 'book_locked',
    'lock-until-past': 'open',
    'lock-vip': (r) => (ROLE_RANK[r] >= ROLE_RANK.VIP ? 'open' : 'limit'),
    'higher-svip': (r) => (r === 'SVIP' && higherAccess ? 'open' : 'limit'),
    prevent: 'open',
    free: 'open',
    'free-granting': 'open',
    // Taken only as a simulated exam (its own quota), never opened as a book by a learner.
    mock: 'not_found',
  };
  const row = table[bookCase]!;
  return typeof row === 'function' ? row(role) : row;
}

/** Question visibility for a learner: where they may see it, and what they get where they may not. */
function expectedVisibility(v: Visibility, role: RoleKind, granting: boolean): string {
  if (v === 'public') return 'see';
  if (v === 'locked') return role === 'Trail' ? 'public_only' : 'see';
  if (v === 'underground') return granting ? 'see' : 'not_found';
  return 'not_found';
}

function summarise(d: AccessDecision): string {
  return d.see ? (d.answers ? 'see+answers' : 'see-answers') : d.refusal.kind;
}

describe('access matrix: role × staff × visibility × book access × book status', () => {
  const staffs: Staff[] = ['none', 'teacher', 'operator', 'admin'];
  const bookCases = [null, ...Object.keys(BOOK_CASES)];
  const rows: [RoleKind, Staff, boolean, Visibility, string | null, BookStatus][] = [];
  for (const role of LEARNER_ROLES)
    for (const staff of staffs)
      for (const higher of [false, true])
        for (const v of VISIBILITIES)
          for (const b of bookCases)
            for (const status of BOOK_STATUSES)
              if (b !== null || status === 'NotOpen') rows.push([role, staff, higher, v, b, status]);

  it('covers every combination', () => {
    expect(rows.length).toBe(
      LEARNER_ROLES.length *
        staffs.length *
        2 *
        VISIBILITIES.length *
        (1 + Object.keys(BOOK_CASES).length * BOOK_STATUSES.length),
    );
  });

  /** Each row's expected outcome from the tables above: a staff flag sees all, then the book, then the visibility. */
  function expected([role, staff, higher, v, bookCase, status]: (typeof rows)[number]): string {
    if (staff !== 'none') return 'see+answers';
    const bookOutcome = bookCase ? expectedBook(bookCase, role, higher) : 'open';
    if (bookOutcome !== 'open') return bookOutcome;
    const seen = expectedVisibility(v, role, bookCase ? BOOK_CASES[bookCase]!.grantsUnderground : false);
    if (seen !== 'see') return seen;
    return bookCase && BOOK_CASES[bookCase]!.access === 'prevent' && status !== 'Finish'
      ? 'see-answers'
      : 'see+answers';
  }

  it('decides every row as product.md says', () => {
    const wrong = rows
      .map((row) => {
        const [role, staff, higher, v, bookCase, status] = row;
        const book = bookCase ? { ...BOOK_CASES[bookCase]!, status } : null;
        return {
          row: row.join(' '),
          got: summarise(decideAccess(actor(role, staff, higher), v, book, NOW)),
          want: expected(row),
        };
      })
      .filter((r) => r.got !== r.want);
    expect(wrong).toEqual([]);
  });

  it('refuses with each kind somewhere in the matrix, and withholds answers somewhere', () => {
    const outcomes = new Set(rows.map(expected));
    expect([...outcomes].sort()).toEqual([
      'book_locked',
      'forbidden',
      'limit',
      'not_found',
      'public_only',
      'see+answers',
      'see-answers',
    ]);
  });
});

describe('access properties', () => {
  const role = fc.constantFrom(...LEARNER_ROLES);
  const visibility = fc.constantFrom(...VISIBILITIES);
  const status = fc.constantFrom(...BOOK_STATUSES);
  const date = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
  const book: fc.Arbitrary<BookGate> = fc.record({
    kind: fc.constantFrom('pick' as const, 'season' as const, 'higher' as const, 'best' as const),
    access: fc.constantFrom<BookAccess>(...BOOK_ACCESS),
    minRole: fc.option(fc.constantFrom(...LEARNER_ROLES), { nil: null }),
    unlockAt: fc.option(date, { nil: null }),
    grantsUnderground: fc.boolean(),
    status,
  });
  const maybeBook = fc.option(book, { nil: null });

  it('a higher tier never sees less', () => {
    fc.assert(
      fc.property(role, role, fc.boolean(), visibility, maybeBook, date, (r1, r2, higher, v, b, now) => {
        const [low, high] = ROLE_RANK[r1] <= ROLE_RANK[r2] ? [r1, r2] : [r2, r1];
        const lowSees = decideAccess(actor(low, 'none', higher), v, b, now);
        const highSees = decideAccess(actor(high, 'none', higher), v, b, now);
        if (lowSees.see) expect(highSees).toEqual(lowSees);
      }),
    );
  });

  it('time only opens books: what is open today is open tomorrow', () => {
    fc.assert(
      fc.property(
        role,
        fc.boolean(),
        visibility,
        book,
        date,
        fc.integer({ min: 0, max: 1000 }),
        (r, higher, v, b, now, days) => {
          const later = new Date(now.getTime() + days * 86_400_000);
          if (decideAccess(actor(r, 'none', higher), v, b, now).see)
            expect(decideAccess(actor(r, 'none', higher), v, b, later).see).toBe(true);
        },
      ),
    );
  });

  it('answers of a prevent book stay on the server until the learner finished it', () => {
    fc.assert(
      fc.property(role, fc.boolean(), visibility, book, date, (r, higher, v, b, now) => {
        const d = decideAccess(actor(r, 'none', higher), v, { ...b, access: 'prevent' }, now);
        if (d.see) expect(d.answers).toBe(b.status === 'Finish');
      }),
    );
  });

  it('hidden questions reach no learner, in or out of books; staff see everything with answers', () => {
    fc.assert(
      fc.property(
        role,
        fc.boolean(),
        maybeBook,
        date,
        fc.constantFrom<Staff>('teacher', 'operator', 'admin'),
        (r, higher, b, now, staff) => {
          expect(decideAccess(actor(r, 'none', higher), 'hidden', b, now)).toMatchObject({ see: false });
          expect(decideAccess(actor(r, staff, higher), 'hidden', b, now)).toEqual({ see: true, answers: true });
        },
      ),
    );
  });

  it('underground questions are seen by learners only inside an open book that grants them', () => {
    fc.assert(
      fc.property(role, fc.boolean(), maybeBook, date, (r, higher, b, now) => {
        const a = actor(r, 'none', higher);
        const d = decideAccess(a, 'underground', b, now);
        const bookOpens = b !== null && decideBook(a, b, now).open;
        expect(d.see).toBe(bookOpens && b.grantsUnderground);
      }),
    );
  });

  it('a refused book refuses each of its questions with the same kind', () => {
    fc.assert(
      fc.property(role, fc.boolean(), visibility, book, date, (r, higher, v, b, now) => {
        const a = actor(r, 'none', higher);
        const opened = decideBook(a, b, now);
        if (!opened.open) expect(decideAccess(a, v, b, now)).toEqual({ see: false, refusal: opened.refusal });
      }),
    );
  });

  it('ordinary members get public_only for locked questions wherever the book lets them in', () => {
    fc.assert(
      fc.property(maybeBook, date, (b, now) => {
        const a = actor('Trail');
        if (b && !decideBook(a, b, now).open) return;
        expect(decideAccess(a, 'locked', b, now)).toEqual({ see: false, refusal: { kind: 'public_only' } });
      }),
    );
  });

  it('a time-locked book names its unlock date; the date comes before the tier', () => {
    const b = { ...BOOK_CASES['lock-vip']!, unlockAt: FUTURE };
    expect(decideBook(actor('Trail'), b, NOW)).toEqual({
      open: false,
      listed: true,
      refusal: { kind: 'book_locked', unlockAt: FUTURE },
    });
    expect(decideBook(actor('Trail'), b, new Date(FUTURE.getTime() + 1))).toEqual({
      open: false,
      listed: true,
      refusal: { kind: 'limit', need: 'role' },
    });
    expect(decideBook(actor('VIP'), b, new Date(FUTURE.getTime() + 1))).toEqual({ open: true, listed: true });
  });

  it('hide books are not listed for learners; every other access is', () => {
    for (const access of BOOK_ACCESS) {
      const d = decideBook(actor('SVIP', 'none', true), { ...BOOK_CASES.free!, access }, NOW);
      expect(d.listed).toBe(access !== 'hide');
    }
  });

  it("the template's hide flag hides a book of any access exactly as access 'hide' does; staff still open it", () => {
    for (const access of BOOK_ACCESS) {
      for (const role of LEARNER_ROLES) {
        const flagged = decideBook(actor(role, 'none', true), { ...BOOK_CASES.free!, access, hidden: true }, NOW);
        expect(flagged, `${access} ${role}`).toEqual(
          decideBook(actor(role, 'none', true), { ...BOOK_CASES.free!, access: 'hide' }, NOW),
        );
        expect(
          decideAccess(
            actor(role, 'none', true),
            'public',
            { ...BOOK_CASES.free!, access, hidden: true, status: 'Finish' },
            NOW,
          ),
        ).toEqual({ see: false, refusal: { kind: 'not_found' } });
      }
      expect(decideBook(actor('Trail', 'operator'), { ...BOOK_CASES.free!, access, hidden: true }, NOW)).toEqual({
        open: true,
        listed: true,
      });
    }
  });
});

describe('the shared tailor shelf (show_tailor_shelf) and tailor.common books', () => {
  const role = fc.constantFrom(...LEARNER_ROLES);
  const staff = fc.constantFrom<Staff>('none', 'teacher', 'operator', 'admin');
  const date = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
  const book = fc.record({
    kind: fc.constantFrom('pick' as const, 'season' as const, 'higher' as const, 'best' as const, 'mock' as const),
    access: fc.constantFrom<BookAccess>(...BOOK_ACCESS),
    minRole: fc.option(fc.constantFrom(...LEARNER_ROLES), { nil: null }),
    unlockAt: fc.option(date, { nil: null }),
    grantsUnderground: fc.boolean(),
    hidden: fc.boolean(),
    common: fc.boolean(),
    status: fc.constantFrom(...BOOK_STATUSES),
  });
  const visibility = fc.constantFrom(...VISIBILITIES);
  /** The same viewer without and with the shelf's grant. */
  const pair = (r: RoleKind, s: Staff, higher: boolean) => {
    const without = actor(r, s, higher);
    return [without, { ...without, user: { ...without.user, showTailorShelf: true } }] as const;
  };

  it('never changes a decision about a book without tailor.common', () => {
    fc.assert(
      fc.property(role, staff, fc.boolean(), visibility, book, date, (r, s, higher, v, b, now) => {
        const [without, withShelf] = pair(r, s, higher);
        const plain = { ...b, common: false };
        expect(decideBook(withShelf, plain, now)).toEqual(decideBook(without, plain, now));
        expect(decideAccess(withShelf, v, plain, now)).toEqual(decideAccess(without, v, plain, now));
      }),
    );
  });

  it('never opens a hidden, forbidden, date-locked or mock book, and only ever opens', () => {
    fc.assert(
      fc.property(role, fc.boolean(), book, date, (r, higher, b, now) => {
        const [without, withShelf] = pair(r, 'none', higher);
        const before = decideBook(without, b, now);
        const after = decideBook(withShelf, b, now);
        if (before.open) expect(after).toEqual(before);
        else if (before.refusal.kind !== 'limit') expect(after).toEqual(before);
        if (isHiddenBook({ access: b.access, hide: b.hidden }) || b.access === 'forbid' || b.kind === 'mock')
          expect(after.open).toBe(false);
        if (b.access === 'lock' && b.unlockAt && b.unlockAt.getTime() > now.getTime()) expect(after.open).toBe(false);
        // The shelf opens the book, not its questions' visibility: hidden ones stay hidden, underground needs the grant.
        expect(decideAccess(withShelf, 'hidden', b, now).see).toBe(false);
        if (!b.grantsUnderground) expect(decideAccess(withShelf, 'underground', b, now).see).toBe(false);
      }),
    );
  });

  it('opens a tailor.common book past its tier lock and the higher grant, for any tier', () => {
    fc.assert(
      fc.property(role, fc.boolean(), book, date, (r, higher, b, now) => {
        const open = { ...b, common: true, hidden: false, access: 'lock' as const, unlockAt: null };
        const kind = open.kind === 'mock' ? 'higher' : open.kind;
        expect(decideBook(pair(r, 'none', higher)[1], { ...open, kind }, now)).toEqual({ open: true, listed: true });
      }),
    );
    const higherSvip = { ...BOOK_CASES['higher-svip']!, common: true };
    expect(decideBook(actor('Trail'), higherSvip, NOW)).toEqual({
      open: false,
      listed: true,
      refusal: { kind: 'limit', need: 'role' },
    });
    expect(decideBook(pair('Trail', 'none', false)[1], higherSvip, NOW)).toEqual({ open: true, listed: true });
  });
});
