import { exportFilePath, type DataExport, type ErrData } from '@gre/contracts';
import { ApiError, callHeaders } from '../../api/client';
import { saver } from '../../components/save-file';

/**
 * Fetches a finished export with the learner's token (the server serves it to its owner's bearer token only, so a
 * plain link would not work) and saves it under its name. A refusal comes back as the API's envelope.
 */
export async function downloadExport(e: DataExport): Promise<void> {
  const path = exportFilePath(e.id, e.file_name ?? '');
  const headers = callHeaders();
  delete headers['content-type'];
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch (err) {
    throw new ApiError(0, '', '', '', err instanceof Error ? err.message : String(err), path);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { err_data?: ErrData } | null;
    const d = body?.err_data;
    throw new ApiError(res.status, res.statusText, d?.kind ?? '', d?.show ?? '', d?.detail ?? '', path);
  }
  saver.save(await res.blob(), e.file_name ?? 'export');
}
