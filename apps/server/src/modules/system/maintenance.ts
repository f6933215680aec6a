import type { Db } from '@gre/db';
import { SettingsStore } from '../../lib/settings.js';

export type MaintenanceSwitch = 'on' | 'off';

/**
 * `MAINTENANCE=on|off` at start: the way back without SQL when nobody can reach the console (the switch lives in the
 * database, so it survives restarts). Unset leaves the stored switch alone. Returns the line to log, if any.
 */
export async function applyMaintenanceAtStart(
  settings: SettingsStore,
  wanted: MaintenanceSwitch | undefined,
): Promise<string | null> {
  if (!wanted) return null;
  const before = (await settings.get()).maintenance;
  await settings.set('maintenance', wanted === 'on');
  return `MAINTENANCE=${wanted}: maintenance ${wanted === 'on' ? 'on' : 'off'} (was ${before ? 'on' : 'off'})`;
}

export const ADMIN_USAGE = 'usage: npm run admin -- maintenance <on|off|status>';

/** `npm run admin -- …` against an open database; the entry point (admin.cli.ts) opens and closes it. */
export async function runAdminCommand(db: Db, args: readonly string[]): Promise<{ code: number; out: string }> {
  const [area, action] = args;
  if (area !== 'maintenance' || !['on', 'off', 'status'].includes(action ?? '') || args.length !== 2)
    return { code: 2, out: ADMIN_USAGE };
  const settings = new SettingsStore(db);
  if (action !== 'status') await settings.set('maintenance', action === 'on');
  const on = (await settings.get()).maintenance;
  return { code: 0, out: `maintenance: ${on ? 'on' : 'off'}` };
}
