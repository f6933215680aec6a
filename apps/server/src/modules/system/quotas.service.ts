import { QUOTA_DEFAULTS, QUOTA_ROLES, quotaCalls, type QuotaTable } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit, recordRefusal, type AuditEntry } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { requireOpCheck } from '../../lib/op-check.js';
import { roleQuota } from '../../lib/quota.js';
import type { SettingsStore } from '../../lib/settings.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';

// The role quotas table behind /web_manage's 配额 tab. There is one source: the `quotas` setting over the product.md
// defaults, which `lib/quota.ts` reads on every quota check; this module only reads and writes that setting.

/** The table in force: each role's defaults under the admin's override. */
export async function quotasInForce(settings: SettingsStore): Promise<QuotaTable> {
  const override = await settings.override('quotas');
  return {
    Trail: roleQuota('Trail', override),
    FreeVIP: roleQuota('FreeVIP', override),
    VIP: roleQuota('VIP', override),
    SVIP: roleQuota('SVIP', override),
  };
}

type Leaf = number | string | null;
type Part = Record<string, Leaf | Record<string, Leaf>>;

/**
 * The override to store: only what differs from the defaults, so a table equal to the defaults stores `{}` and a later
 * change of a default in code reaches every figure the admin never changed (as the prices table does).
 */
export function quotaOverrideOf(table: QuotaTable): Record<string, Part> {
  const override: Record<string, Part> = {};
  for (const role of QUOTA_ROLES) {
    const base = QUOTA_DEFAULTS[role] as unknown as Part;
    const row = table[role] as unknown as Part;
    const diff: Part = {};
    for (const [key, value] of Object.entries(row)) {
      const def = base[key];
      if (value !== null && typeof value === 'object' && def !== null && typeof def === 'object') {
        const inner = Object.fromEntries(Object.entries(value).filter(([k, v]) => def[k] !== v));
        if (Object.keys(inner).length > 0) diff[key] = inner;
      } else if (value !== def) diff[key] = value;
    }
    if (Object.keys(diff).length > 0) override[role] = diff;
  }
  return override;
}

const entry: AuditEntry = { action: actionOf(quotaCalls.setQuotas.path), targetKind: 'settings', targetId: 'quotas' };

/**
 * Replaces the table (the contract has checked every role is there, with non-negative integers or null): the admin's
 * confirmation code first, then the setting and its audit row (the table before and after) in one unit of work. A
 * refusal is audited too: the quotas decide what learners who paid may use.
 */
export async function setQuotas(deps: Deps, actor: Actor, table: QuotaTable, opCode: string): Promise<QuotaTable> {
  await requireOpCheck(deps, actor, opCode, entry);
  try {
    return await withUnitOfWork(deps, async (uow) => {
      const settings = uow.deps.settings;
      const before = await quotasInForce(settings);
      await settings.setOverride('quotas', quotaOverrideOf(table));
      const after = await quotasInForce(settings);
      await recordAudit(uow, actor, { ...entry, before, after });
      return after;
    });
  } catch (error) {
    if (error instanceof AppError) await recordRefusal(deps, actor, entry, error.kind);
    throw error;
  }
}
