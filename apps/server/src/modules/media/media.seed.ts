import { existsSync, readFileSync, statSync } from 'node:fs';
import { mediaManifestSchema, type MediaManifest } from '@gre/contracts';
import type { Deps } from '../../lib/deps.js';
import { fileInside, MEDIA_MANIFEST, mediaDir } from './media.files.js';
import { syncMediaRows } from './media.repository.js';

/** Reads and validates a media manifest; a broken shipped manifest stops the start with every problem listed. */
export function readMediaManifest(path: string = MEDIA_MANIFEST): MediaManifest {
  const parsed = mediaManifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  /${i.path.join('/')}: ${i.message}`);
    throw new Error(`the media manifest ${path} has ${lines.length} problem(s):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Manifest entries whose file is absent from the media folder or has another size than stated. */
export function mediaFileProblems(manifest: MediaManifest, dir: string): string[] {
  const problems: string[] = [];
  for (const item of [...manifest.materials, ...manifest.videos]) {
    const path = fileInside(dir, item.file);
    if (!existsSync(path)) problems.push(`${item.id}: ${item.file} is missing from ${dir}`);
    else if (statSync(path).size !== item.size_bytes)
      problems.push(`${item.id}: ${item.file} has ${statSync(path).size} bytes, the manifest says ${item.size_bytes}`);
  }
  return problems;
}

/**
 * Puts the shipped materials and videos into the database at every start (main.ts), updating rows by id and removing
 * ones the manifest dropped; idempotent, so every instance may run it. Files missing from the media folder are only
 * reported: their rows still list, and their addresses answer 404 until the files arrive.
 */
export async function seedMedia(
  deps: Pick<Deps, 'database' | 'env'>,
  opts: { manifest?: string; warn?: (line: string) => void } = {},
): Promise<{ materials: number; videos: number; problems: string[] }> {
  const manifest = readMediaManifest(opts.manifest);
  await syncMediaRows(deps.database.db, {
    materials: manifest.materials.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      category: m.category,
      file: m.file,
      mime: m.mime,
      sizeBytes: m.size_bytes,
      pages: m.pages,
      position: m.position,
    })),
    videos: manifest.videos.map((v) => ({
      id: v.id,
      title: v.title,
      description: v.description,
      kind: v.kind,
      questionId: v.question_id,
      file: v.file,
      mime: v.mime,
      sizeBytes: v.size_bytes,
      durationSeconds: v.duration_seconds,
      minRole: v.min_role,
      position: v.position,
    })),
  });
  const problems = mediaFileProblems(manifest, mediaDir(deps.env));
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  for (const p of problems) warn(`media: ${p}`);
  return { materials: manifest.materials.length, videos: manifest.videos.length, problems };
}
