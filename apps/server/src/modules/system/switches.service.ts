import type { CallDef } from '@gre/contracts';
import { actionOf, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import type { SiteSettings } from '../../lib/settings.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';

/**
 * An admin flips a site switch (maintenance, the lowest API version served): the write and its audit row commit
 * together. Other requests of this instance see the switch once the cache the write dropped is read again, as other
 * instances do within the store's cache time.
 */
export async function setSwitch<K extends keyof SiteSettings>(
  deps: Deps,
  actor: Actor,
  call: CallDef,
  key: K,
  value: SiteSettings[K],
): Promise<SiteSettings> {
  return withUnitOfWork(deps, async (uow) => {
    const before = (await uow.deps.settings.get())[key];
    const after = await uow.deps.settings.set(key, value);
    await recordAudit(uow, actor, {
      action: actionOf(call.path),
      targetKind: 'settings',
      targetId: key,
      before: { [key]: before },
      after: { [key]: after[key] },
    });
    return after;
  });
}
