import type { RoleKind } from '@gre/contracts';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { BookTemplateRow } from '../books/index.js';
import { decideBook, type BookDecision } from '../../lib/access.js';

/**
 * Whether a learner may simulate a mock. A mock's own access is that of a plain book (hidden, forbidden, locked by
 * date or tier); `decideBook` refuses every mock *as a book* (that would skip the simulate quota), so it is asked
 * about the template as a plain one here. Question visibility does not gate inside a mock (decision 007); it gates
 * the answers of the finished mock (decision 013).
 */
export function decideMock(actor: Actor, row: BookTemplateRow, now: Date): BookDecision {
  if (row.kind !== 'mock' || (row.hide && !isStaff(actor)))
    return { open: false, listed: false, refusal: { kind: 'not_found' } };
  return decideBook(
    actor,
    {
      kind: 'pick',
      access: row.access as never,
      minRole: row.minRole as RoleKind | null,
      unlockAt: row.unlockAt,
      grantsUnderground: false,
    },
    now,
  );
}
