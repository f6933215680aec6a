import { EXPORT_LIMITS, type CallRequest, type DataExport, type ExportKind, type exportCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { exportsDir, openExportFile, removeExportFiles } from './export.files.js';
import { EXPORT_JOB, EXPORT_RETRIES, type ExportJobData } from './export.job.js';
import {
  countUnfinished,
  expireExports,
  findOwnExport,
  insertExport,
  listOwnExports,
  lockLearnerExports,
  namedFiles,
  type ExportRow,
} from './export.repository.js';

const DAY = 86_400;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export function toDataExport(row: ExportRow): DataExport {
  const finished = row.finishedAt ? unix(row.finishedAt) : null;
  return {
    id: row.id,
    kind: row.kind as ExportKind,
    scope: (row.scope && Object.keys(row.scope).length ? row.scope : null) as DataExport['scope'],
    status: row.status as DataExport['status'],
    progress: row.progress,
    file_name: row.status === 'Done' ? row.fileName : null,
    size_bytes: row.status === 'Done' ? row.sizeBytes : null,
    error: row.status === 'Failed' ? row.error : null,
    created_stamp: unix(row.createdAt),
    finished_stamp: finished,
    expires_stamp: row.status === 'Done' ? unix(row.createdAt) + EXPORT_LIMITS.keepDays * DAY : null,
  };
}

/**
 * Starts an export: at most EXPORT_LIMITS.running of a learner's wait or run at once (counted under a per-learner
 * lock, so two creates at once cannot both pass), and the job is sent once the row is committed.
 */
export async function createExport(
  deps: Deps,
  actor: Actor,
  body: CallRequest<typeof exportCalls.create>,
): Promise<{ export: DataExport }> {
  const row = await withUnitOfWork(deps, async (uow) => {
    const { tx } = uow;
    await lockLearnerExports(tx, actor.user.id);
    if ((await countUnfinished(tx, actor.user.id)) >= EXPORT_LIMITS.running) {
      throw new AppError(
        'conflict',
        `at most ${EXPORT_LIMITS.running} exports at once`,
        `已有 ${EXPORT_LIMITS.running} 个导出正在进行，请等它们完成后再试`,
      );
    }
    const created = await insertExport(tx, actor.user.id, body.kind, body.scope ?? {});
    uow.afterCommit(() =>
      deps.queue.send(EXPORT_JOB, { id: created.id } satisfies ExportJobData, { retryLimit: EXPORT_RETRIES }),
    );
    return created;
  });
  return { export: toDataExport(row) };
}

export async function listExports(deps: Pick<Deps, 'database'>, actor: Actor): Promise<{ exports: DataExport[] }> {
  const rows = await listOwnExports(deps.database.db, actor.user.id, EXPORT_LIMITS.listed);
  return { exports: rows.map(toDataExport) };
}

export async function getExport(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: number,
): Promise<{ export: DataExport }> {
  const row = await findOwnExport(deps.database.db, actor.user.id, id);
  if (!row) throw new AppError('not_found', 'no such export', '找不到这个导出');
  return { export: toDataExport(row) };
}

/**
 * The file of one of the learner's own finished exports, by its id and name; anything else — another user's export,
 * one not Done, a wrong name, a file the cleanup removed — is `not_found`, the same answer whatever the reason.
 */
export async function exportFile(deps: Pick<Deps, 'database' | 'env'>, actor: Actor, id: number, name: string) {
  const row = await findOwnExport(deps.database.db, actor.user.id, id);
  const file =
    row?.status === 'Done' && row.fileName === name ? await openExportFile(exportsDir(deps.env), name) : null;
  if (!row || !file) throw new AppError('not_found', 'no such export file', '文件不存在或已过期，请重新导出');
  return { row, file };
}

/** The hourly cleanup's part: rows and files past EXPORT_LIMITS.keepDays, exports whose job was lost. */
export async function purgeExports(deps: Pick<Deps, 'database' | 'env' | 'clock'>) {
  const now = deps.clock.now();
  const { removed, stalled } = await expireExports(
    deps.database.db,
    now,
    EXPORT_LIMITS.keepDays,
    '导出超时未完成，请重新导出',
  );
  const files = await removeExportFiles(exportsDir(deps.env), removed, await namedFiles(deps.database.db), now);
  return { rows: removed.length, stalled, files };
}
