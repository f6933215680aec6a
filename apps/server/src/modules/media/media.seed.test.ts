import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { materials, videos } from '@gre/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { readPackageFrom } from '../content-import/index.js';
import { readPackage } from '../../../test/fixtures.js';
import { mediaDir, MEDIA_MANIFEST } from './media.files.js';
import { mediaFixture, type MediaFixture } from './media.fixtures.js';
import { mediaFileProblems, readMediaManifest, seedMedia } from './media.seed.js';

let t: TestApp;
let fx: MediaFixture;
const quiet = { warn: () => {} };

beforeAll(async () => {
  fx = mediaFixture();
  t = await createTestApp({ MEDIA_DIR: fx.dir });
});
afterAll(async () => {
  await t.close();
  fx.cleanup();
});

const rows = async () => ({
  materials: await t.deps.database.db.select().from(materials).orderBy(asc(materials.id)),
  videos: await t.deps.database.db.select().from(videos).orderBy(asc(videos.id)),
});

describe('seedMedia', () => {
  it('upserts the manifest by id, idempotently, and reports files that are missing', async () => {
    const warned: string[] = [];
    const first = await seedMedia(t.deps, { manifest: fx.manifestPath, warn: (l) => warned.push(l) });
    expect(first).toMatchObject({ materials: 2, videos: 3 });
    expect(first.problems).toEqual([
      `m-gone: gone.pdf is missing from ${fx.dir}`,
      `v-locked-q: explain.webm.2.webm is missing from ${fx.dir}`,
      `v-vip: vip.webm is missing from ${fx.dir}`,
    ]);
    expect(warned).toEqual(first.problems.map((p) => `media: ${p}`));
    const once = await rows();
    expect(once.materials.map((m) => [m.id, m.category, m.sizeBytes, m.pages, m.position])).toEqual([
      ['m-formulas', 'quant', fx.pdf.length, 3, 10],
      ['m-gone', 'verbal', 10, 1, 20],
    ]);
    expect(once.videos.find((v) => v.id === 'v-explain')).toMatchObject({
      kind: 'explanation',
      questionId: 'q-pub',
      durationSeconds: 40,
      minRole: null,
    });

    await seedMedia(t.deps, { manifest: fx.manifestPath, ...quiet });
    const twice = await rows();
    expect(twice.materials.map(({ updatedAt: _u, ...m }) => m)).toEqual(
      once.materials.map(({ updatedAt: _u, ...m }) => m),
    );
    expect(twice.videos.length).toBe(3);
  });

  it('updates changed rows in place and removes the ones the manifest dropped', async () => {
    const changed = structuredClone(fx.manifest);
    changed.materials[0]!.title = '新标题';
    changed.materials.pop();
    changed.videos[2]!.min_role = 'SVIP';
    const path = join(fx.dir, '..', 'changed.json');
    writeFileSync(path, JSON.stringify(changed));
    await seedMedia(t.deps, { manifest: path, ...quiet });
    const after = await rows();
    expect(after.materials.map((m) => [m.id, m.title])).toEqual([['m-formulas', '新标题']]);
    expect(after.videos.find((v) => v.id === 'v-vip')?.minRole).toBe('SVIP');
  });

  it('stops on a manifest that breaks the schema, listing every problem', () => {
    const path = join(fx.dir, '..', 'broken.json');
    writeFileSync(
      path,
      JSON.stringify({
        materials: [{ ...fx.manifest.materials[0], file: '../x.pdf' }],
        videos: [{ ...fx.manifest.videos[2], kind: 'explanation' }],
      }),
    );
    expect(() => readMediaManifest(path)).toThrow(
      /2 problem\(s\):\n {2}\/materials\/0\/file: .*\n {2}\/videos\/0\/question_id: an explanation video names its question_id/,
    );
  });
});

describe('the shipped media', () => {
  it('is a valid manifest whose every file is in content/media/files with the stated size', () => {
    const shipped = readMediaManifest();
    expect(shipped.materials.length).toBeGreaterThanOrEqual(4);
    expect(shipped.videos.length).toBeGreaterThanOrEqual(3);
    expect(mediaFileProblems(shipped, mediaDir({}))).toEqual([]);
    expect(MEDIA_MANIFEST.endsWith(join('content', 'media', 'media.json'))).toBe(true);
  });

  it('is left out of the content package read from content/, and skipped (not refused) when an upload sends it', () => {
    expect(readPackageFrom(join(MEDIA_MANIFEST, '..', '..')).some((f) => f.name.endsWith('media.json'))).toBe(false);
    const read = readPackage([{ name: 'media/media.json', text: JSON.stringify(readMediaManifest()) }]);
    expect(read.problems).toEqual([]);
    expect(read.skipped).toEqual([
      { file: 'media/media.json', reason: expect.stringContaining('media manifest') as unknown },
    ]);
  });
});
