import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mediaManifestSchema, type ContentQuestion } from '@gre/contracts';

export const MEDIA_DIR = new URL('../media', import.meta.url).pathname;

/** The most a shipped video may weigh (the repository carries it). */
const VIDEO_MAX_BYTES = 3 * 1024 * 1024;

/**
 * content/media/media.json against its schema; every file it names present in media/files with exactly the stated
 * size, a source for every item in media/src, PDFs and WebMs that start like ones, and explanation videos naming a
 * question of the bank. Problems read `media/media.json: …`.
 */
export function checkMedia(questions: ContentQuestion[], dir = MEDIA_DIR): { problems: string[]; summary: string } {
  const where = 'media/media.json';
  const parsed = mediaManifestSchema.safeParse(JSON.parse(readFileSync(join(dir, 'media.json'), 'utf8')));
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((i) => `${where}: /${i.path.join('/')}: ${i.message}`),
      summary: 'media: invalid manifest',
    };
  const { materials, videos } = parsed.data;
  const problems: string[] = [];
  const bank = new Set(questions.map((q) => q.id));
  const magic = { pdf: '%PDF-', webm: '\x1a\x45\xdf\xa3' };
  for (const item of [...materials, ...videos]) {
    const file = join(dir, 'files', item.file);
    const source = join(dir, 'src', item.mime === 'video/webm' ? 'videos' : '', `${item.id}.html`);
    if (!existsSync(source)) problems.push(`${where}: ${item.id}: no source ${source.slice(dir.length + 1)}`);
    if (!existsSync(file)) {
      problems.push(`${where}: ${item.id}: files/${item.file} is missing (npm run build-media -w content)`);
      continue;
    }
    const size = statSync(file).size;
    if (size !== item.size_bytes)
      problems.push(`${where}: ${item.id}: files/${item.file} has ${size} bytes, the manifest says ${item.size_bytes}`);
    const head = readFileSync(file).subarray(0, 5).toString('latin1');
    const ext = item.file.endsWith('.pdf') ? 'pdf' : 'webm';
    if (!head.startsWith(magic[ext])) problems.push(`${where}: ${item.id}: files/${item.file} is not a ${ext} file`);
  }
  for (const v of videos) {
    if (v.size_bytes > VIDEO_MAX_BYTES)
      problems.push(`${where}: ${v.id}: ${v.size_bytes} bytes, videos stay under ${VIDEO_MAX_BYTES}`);
    if (v.question_id && !bank.has(v.question_id))
      problems.push(`${where}: ${v.id}: question '${v.question_id}' is not in the bank`);
  }
  return { problems, summary: `${materials.length} materials, ${videos.length} videos` };
}
