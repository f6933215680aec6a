import { CONTENT_FILES_MAX, CONTENT_PACKAGE_MAX_BYTES, CONTENT_TOOLING_FILES, type ContentFile } from '@gre/contracts';
import { formatBytes } from '../../components/format';
import { zh } from '../../i18n/zh-CN';

const s = zh.sync;

/** The contract's bound on a file's path inside the package (contentFileSchema.name). */
export const PACKAGE_NAME_MAX = 200;

const TOOLING = new Set(CONTENT_TOOLING_FILES);

/** One chosen file: its path inside the package, its size on disk and, when it is not sent, why. */
export interface PickedFile {
  name: string;
  size: number;
  file: File;
  skip: string | null;
}

/**
 * The path a file has inside the package. A folder pick names files 'content/bank/verbal/tc1.json'; the chosen folder
 * itself is dropped so problems read 'bank/verbal/tc1.json', as the command-line import names them.
 */
export function packageName(file: File): string {
  const rel = file.webkitRelativePath;
  if (!rel) return file.name;
  const parts = rel.split('/');
  return parts.length > 1 ? parts.slice(1).join('/') : rel;
}

function skipReason(name: string): string | null {
  const parts = name.split('/');
  const base = parts[parts.length - 1] ?? name;
  if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) return s.skip.hidden;
  if (!/\.(json|csv)$/i.test(base)) return s.skip.type;
  if (TOOLING.has(base)) return s.skip.tooling;
  if (name.length > PACKAGE_NAME_MAX) return s.files.nameTooLong(PACKAGE_NAME_MAX);
  return null;
}

/** The files of one pick, sorted by path, each marked sent or skipped; a later pick of the same path replaces it. */
export function pickFiles(files: Iterable<File>, earlier: PickedFile[] = []): PickedFile[] {
  const byName = new Map(earlier.map((f) => [f.name, f]));
  for (const file of files) {
    const name = packageName(file);
    byName.set(name, { name, size: file.size, file, skip: skipReason(name) });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export interface SelectionTotals {
  sent: PickedFile[];
  skipped: PickedFile[];
  bytes: number;
  /** Why this selection cannot be sent at all (the server would refuse it too); null when it can. */
  blocked: string | null;
}

export function selectionTotals(files: PickedFile[]): SelectionTotals {
  const sent = files.filter((f) => f.skip === null);
  const skipped = files.filter((f) => f.skip !== null);
  const bytes = sent.reduce((n, f) => n + f.size, 0);
  let blocked: string | null = null;
  if (bytes > CONTENT_PACKAGE_MAX_BYTES)
    blocked = s.files.overLimit(formatBytes(bytes), formatBytes(CONTENT_PACKAGE_MAX_BYTES));
  else if (sent.length > CONTENT_FILES_MAX) blocked = s.files.tooMany(sent.length, CONTENT_FILES_MAX);
  return { sent, skipped, bytes, blocked };
}

/** Reads the sent files as UTF-8 text: the package the two calls take. */
export async function readPackage(files: PickedFile[]): Promise<ContentFile[]> {
  return Promise.all(
    files.map(async (f) => {
      try {
        return { name: f.name, text: await f.file.text() };
      } catch {
        throw new Error(s.pick.readFailed(f.name));
      }
    }),
  );
}

/** The file an `invalid_input` detail points at ('invalid body: /files/3/text contains …'), or null. */
export function fileOfDetail(detail: string, sent: PickedFile[]): string | null {
  const m = /\/files\/(\d+)\//.exec(detail);
  return m ? (sent[Number(m[1])]?.name ?? null) : null;
}
