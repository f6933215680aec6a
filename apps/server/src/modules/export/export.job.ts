import type { ExportKind } from '@gre/contracts';
import { effectiveRole, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { BUILDERS, type Builder } from './export.builders.js';
import { exportFileName, exportsDir, saveExportFile } from './export.files.js';
import { claimExport, markDone, markFailed, setProgress } from './export.repository.js';
import { findUser } from './learner-data.repository.js';

export const EXPORT_JOB = 'export.build';
export interface ExportJobData {
  id: number;
}

/** Tries a job gets after its first failure before the export stays Failed. */
export const EXPORT_RETRIES = 2;
/** What the learner reads when an export could not be made. */
export const EXPORT_FAILED_TEXT = '生成文件时出错，请重新导出；多次失败请联系客服。';

/** Progress is written when it has moved this many points, so a long export writes a few dozen rows, not thousands. */
const PROGRESS_STEP = 5;

/**
 * Makes one export's file. Queued (or Failed, or Running left by a killed job) → Running from 0 → Done with the file,
 * or Failed with the reason, and the error thrown again so the queue tries again (EXPORT_RETRIES). The file is written
 * whole under a temporary name and renamed (export.files.ts), and Done is written after it: a retry, or a second
 * delivery, starts clean or — once Done — does nothing.
 */
export async function runExport(deps: Deps, data: ExportJobData, builders: Record<ExportKind, Builder> = BUILDERS) {
  const { db } = deps.database;
  const row = await claimExport(db, data.id);
  if (!row) return { skipped: true };
  try {
    const user = await findUser(db, row.userId);
    if (!user) throw new Error(`export ${row.id}: user ${row.userId} is gone`);
    const actor: Actor = { user, sessionId: 0, deviceId: '', role: effectiveRole(user, deps.clock.now()) };
    let written = 0;
    const progress = async (fraction: number) => {
      const p = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      if (p - written < PROGRESS_STEP) return;
      written = p;
      await setProgress(db, row.id, p);
    };
    const bytes = await builders[row.kind as ExportKind]({ deps, actor, row, progress });
    const name = exportFileName(row.kind as ExportKind, row.id, row.createdAt);
    await saveExportFile(exportsDir(deps.env), name, bytes);
    await markDone(db, row.id, name, bytes.length, deps.clock.now());
    return { skipped: false };
  } catch (error) {
    await markFailed(db, row.id, EXPORT_FAILED_TEXT, deps.clock.now());
    throw error;
  }
}
