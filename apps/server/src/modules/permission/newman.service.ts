import { NEWMAN_BATCH_MAX, priceTable } from '@gre/contracts';
import { staffChange } from '../../lib/staff-change.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { grantTier } from '../membership/index.js';
import { toAdminUser } from './admin-user.dto.js';
import { lockNewmen, newmanPage } from './permission.repository.js';
import { reportWindow } from './report.service.js';

/**
 * product.md: FreeVIP is the gifted tier. A "newman" qualifies for the gift when their account was registered in the
 * chosen days, they are on Trail now, and they never held any period but their trial — never paid, gifted or granted
 * by hand — and are neither staff nor frozen. Being gifted makes them hold a gift period, so they qualify no more:
 * that is what makes a second run gift nobody twice.
 */
export async function checkNewmen(deps: Deps, from: string, to: string) {
  const w = reportWindow(from, to);
  const now = deps.clock.now();
  const { rows, total } = await newmanPage(deps.database.db, w.start, w.end, now, NEWMAN_BATCH_MAX);
  return { total, items: rows.map((u) => toAdminUser(u, now)) };
}

/**
 * Gifts FreeVIP for `days` to at most NEWMAN_BATCH_MAX qualifying users, in one transaction with one audit row per
 * user: the users are locked and asked again under the lock, so two runs at once gift each user once.
 */
export async function giftNewmen(
  deps: Deps,
  actor: Actor,
  body: { from: string; to: string; days: number; op_code: string },
): Promise<{ gifted: number[]; remaining: number }> {
  const w = reportWindow(body.from, body.to);
  const now = deps.clock.now();
  const gifted = await staffChange(
    deps,
    actor,
    {
      action: 'permission/batch_newman_gift',
      target: { targetKind: 'user', targetId: null, after: { from: body.from, to: body.to, days: body.days } },
      opCode: body.op_code,
      auditRefusals: true,
    },
    async ({ tx, deps: unit }) => {
      const ids = await lockNewmen(tx, w.start, w.end, now, NEWMAN_BATCH_MAX);
      // Through the unit: on PGlite's one connection a read outside the transaction would wait for it forever.
      const prices = priceTable(await unit.settings.override('prices'));
      const audits = [];
      for (const id of ids) {
        const { user, endsAt } = await grantTier(tx, id, {
          tier: 'FreeVIP',
          days: body.days,
          source: 'gift',
          now,
          prices,
        });
        audits.push({
          targetKind: 'user' as const,
          targetId: id,
          before: { role_kind: 'Trail' },
          after: { role_kind: user.roleKind, role_expires_at: endsAt, days: body.days },
        });
      }
      return { result: ids, audits };
    },
  );
  const { total } = await newmanPage(deps.database.db, w.start, w.end, now, 0);
  return { gifted, remaining: total };
}
