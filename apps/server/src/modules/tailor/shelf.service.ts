import { TAILOR_SHELF_MAX, type CallResponse, type tailorCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { commonShelfBooks } from '../books/index.js';

/**
 * The shared tailor shelf: the `tailor.common` books, listed as the bank lists books (the books module's listing), for
 * a learner an admin gave `show_tailor_shelf` and for staff. Anyone else is `forbidden`: buying a tier does not open
 * it, so not `limit`, whose upgrade dialog would promise that it does. Which books then open is decideBook's rule.
 */
export async function tailorShelf(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
): Promise<CallResponse<typeof tailorCalls.shelf>> {
  if (!actor.user.showTailorShelf && !isStaff(actor))
    throw new AppError('forbidden', 'show_tailor_shelf is not set for this user', '定制书架需由管理员为你开通');
  return { books: await commonShelfBooks(deps, actor, TAILOR_SHELF_MAX) };
}
