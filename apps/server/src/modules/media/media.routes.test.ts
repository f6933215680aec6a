import { mediaCalls, systemCalls } from '@gre/contracts';
import { settings } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage } from '../../../test/fixtures.js';
import { mediaFixture, type MediaFixture } from './media.fixtures.js';
import { sharedSigningSecret } from './media.repository.js';
import { seedMedia } from './media.seed.js';

let t: TestApp;
let fx: MediaFixture;
const who = {} as Record<'trail' | 'freevip' | 'granted' | 'vip' | 'svip' | 'lapsed' | 'operator', string>;

beforeAll(async () => {
  fx = mediaFixture();
  t = await createTestApp({ MEDIA_DIR: fx.dir });
  const db = t.deps.database.db;
  await importPackage(db, accessPackage());
  await seedMedia(t.deps, { manifest: fx.manifestPath, warn: () => {} });
  const token = async (o: Parameters<typeof userWithToken>[1]) => (await userWithToken(db, o)).token;
  who.trail = await token({ roleKind: 'Trail' });
  who.freevip = await token({ roleKind: 'FreeVIP', baseRoleKind: 'FreeVIP' });
  who.granted = await token({ roleKind: 'Trail', canVisitMaterial: true });
  who.vip = await token({ roleKind: 'VIP' });
  who.svip = await token({ roleKind: 'SVIP' });
  who.lapsed = await token({ roleKind: 'VIP', baseRoleKind: 'Trail', roleExpiresAt: new Date(Date.now() - 1000) });
  who.operator = await token({ roleKind: 'Trail', isOperator: true });
});
afterAll(async () => {
  await t.close();
  fx.cleanup();
});

describe('/api/material/list', () => {
  it('lists every material in order to everyone, with whether this user may download', async () => {
    const trail = await t.call(mediaCalls.materialList, {}, { token: who.trail });
    expect(trail.data.materials.map((m) => m.id)).toEqual(['m-formulas', 'm-gone']);
    expect(trail.data.materials[0]).toEqual({
      id: 'm-formulas',
      title: '数学公式：速查 / 总结',
      description: '公式',
      category: 'quant',
      mime: 'application/pdf',
      size_bytes: fx.pdf.length,
      pages: 3,
    });
    expect(trail.data.allowed).toBe(false);
  });

  it.each([
    ['trail', false],
    ['freevip', false],
    ['lapsed', false],
    ['granted', true],
    ['vip', true],
    ['svip', true],
    ['operator', true],
  ] as const)('%s: allowed %s', async (role, allowed) => {
    expect((await t.call(mediaCalls.materialList, {}, { token: who[role] })).data.allowed).toBe(allowed);
  });

  it('needs a login', async () => {
    expect((await t.call(mediaCalls.materialList, {})).err?.kind).toBe('unauthorized');
  });
});

describe('/api/material/get_link', () => {
  it('gives a member a short-lived signed address and the Chinese file name', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.call(mediaCalls.materialLink, { id: 'm-formulas' }, { token: who.vip });
    expect(res.data.url).toMatch(/^\/media\/material\/m-formulas\?exp=\d+&sig=[\w-]{43}$/);
    expect(res.data.expires_at).toBeGreaterThanOrEqual(before + 600);
    expect(res.data.expires_at).toBeLessThanOrEqual(before + 601);
    expect(res.data.file_name).toBe('数学公式：速查 总结.pdf');
  });

  it('answers limit (the upgrade dialog) without the material right, before looking the id up', async () => {
    for (const role of ['trail', 'freevip', 'lapsed'] as const) {
      const res = await t.call(mediaCalls.materialLink, { id: 'm-formulas' }, { token: who[role] });
      expect([res.status, res.err?.kind]).toEqual([403, 'limit']);
    }
    expect((await t.call(mediaCalls.materialLink, { id: 'm-nope' }, { token: who.trail })).err?.kind).toBe('limit');
  });

  it('answers not_found for an unknown id and invalid_input for anything that is not a material id', async () => {
    expect((await t.call(mediaCalls.materialLink, { id: 'm-nope' }, { token: who.vip })).err?.kind).toBe('not_found');
    for (const id of ['../secret.txt', 'v-explain', 'm-A', 'm-', `m-${'a'.repeat(63)}`]) {
      expect((await t.call(mediaCalls.materialLink, { id }, { token: who.vip })).err?.kind, id).toBe('invalid_input');
    }
  });
});

describe('/api/video/list and /api/video/get', () => {
  it('lists every video with the tier it needs and whether this user may watch it', async () => {
    const trail = (await t.call(mediaCalls.videoList, {}, { token: who.trail })).data.videos;
    expect(trail.map((v) => [v.id, v.kind, v.min_role, v.allowed])).toEqual([
      ['v-explain', 'explanation', null, true],
      ['v-locked-q', 'explanation', null, true],
      ['v-vip', 'course', 'VIP', false],
    ]);
    expect(trail[0]).toMatchObject({ question_id: 'q-pub', duration_seconds: 40, size_bytes: fx.video.length });
    expect((await t.call(mediaCalls.videoList, {}, { token: who.vip })).data.videos.every((v) => v.allowed)).toBe(true);
    expect((await t.call(mediaCalls.videoList, {}, { token: who.operator })).data.videos.every((v) => v.allowed)).toBe(
      true,
    );
  });

  it('gives the video, a signed stream address and the explained question', async () => {
    const res = await t.call(mediaCalls.videoGet, { id: 'v-explain' }, { token: who.trail });
    expect(res.data.video).toMatchObject({ id: 'v-explain', title: '讲解视频', allowed: true });
    expect(res.data.mime).toBe('video/webm');
    expect(res.data.stream.url).toMatch(/^\/media\/video\/v-explain\?exp=\d+&sig=[\w-]{43}$/);
    expect(res.data.stream.expires_at - Date.now() / 1000).toBeGreaterThan(3 * 3600);
    expect(res.data.question).toMatchObject({ id: 'q-pub', accessable: true, brief: '单空填空 q-pub' });
    expect(res.data.question?.preview).toContain('Fixture q-pub');
  });

  it('names a locked question to an ordinary member without its stem, and in full to a member', async () => {
    const trail = await t.call(mediaCalls.videoGet, { id: 'v-locked-q' }, { token: who.trail });
    expect(trail.data.question).toMatchObject({ id: 'q-lock', accessable: false, preview: '' });
    const vip = await t.call(mediaCalls.videoGet, { id: 'v-locked-q' }, { token: who.vip });
    expect(vip.data.question).toMatchObject({ id: 'q-lock', accessable: true });
  });

  it('enforces the tier (limit) and answers not_found for an unknown id', async () => {
    const trail = await t.call(mediaCalls.videoGet, { id: 'v-vip' }, { token: who.trail });
    expect([trail.status, trail.err?.kind]).toEqual([403, 'limit']);
    expect((await t.call(mediaCalls.videoGet, { id: 'v-vip' }, { token: who.lapsed })).err?.kind).toBe('limit');
    const vip = await t.call(mediaCalls.videoGet, { id: 'v-vip' }, { token: who.vip });
    expect(vip.data.question).toBeNull();
    expect((await t.call(mediaCalls.videoGet, { id: 'v-nope' }, { token: who.svip })).err?.kind).toBe('not_found');
    expect((await t.call(mediaCalls.videoGet, { id: 'm-formulas' }, { token: who.svip })).err?.kind).toBe(
      'invalid_input',
    );
  });
});

describe('the signing key', () => {
  it('is generated once and shared: every later candidate reads the stored key', async () => {
    const db = t.deps.database.db;
    await t.call(mediaCalls.materialLink, { id: 'm-formulas' }, { token: who.vip });
    const [row] = await db.select().from(settings).where(eq(settings.key, 'media_signing_secret'));
    expect(typeof row?.value === 'string' && row.value.length >= 43).toBe(true);
    expect(await sharedSigningSecret(db, 'another-candidate-another-candidate-xx')).toBe(row!.value);
    // The site settings an admin reads are typed switches; the key never travels with them.
    const admin = (await userWithToken(db, { isAdmin: true })).token;
    const site = await t.call(systemCalls.getSettings, {}, { token: admin });
    expect(site.ok).toBe(true);
    expect(JSON.stringify(site.data)).not.toContain(String(row!.value));
  });
});
