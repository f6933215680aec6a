import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { postCalls, type RoleKind } from '@gre/contracts';
import { questions, type Db } from '@gre/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { CONTENT_DIR, importPackage, readPackageFrom } from '../content-import/index.js';

// Test fixtures of the discussion: an app with the shipped bank and a DATA_DIR of its own (uploaded images), learners
// and operators with the post calls as they make them, questions by visibility with their topic ids, and images built
// byte by byte.

export interface PostsTestApp extends TestApp {
  dataDir: string;
}

export async function postsTestApp(env: Record<string, string> = {}): Promise<PostsTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gre-posts-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  // The bank and books without the word lists, which take long and no thread here needs.
  await importPackage(
    t.deps.database.db,
    readPackageFrom(CONTENT_DIR).filter((f) => !f.name.startsWith('words/')),
  );
  const close = t.close.bind(t);
  return Object.assign(t, {
    dataDir,
    close: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** The first questions of the bank with this visibility, by id, with their thread. */
export async function questionsWith(
  db: Db,
  visibility: 'public' | 'locked' | 'hidden' | 'underground',
  n = 1,
): Promise<{ id: string; topicId: number }[]> {
  return db
    .select({ id: questions.id, topicId: questions.topicId })
    .from(questions)
    .where(and(eq(questions.visibility, visibility), sql`${questions.id} like 'q%'`))
    .orderBy(asc(questions.id))
    .limit(n);
}

/** The threads of the first `n` public questions. */
export async function publicTopics(db: Db, n: number): Promise<number[]> {
  return (await questionsWith(db, 'public', n)).map((q) => q.topicId);
}

export async function topicOf(db: Db, questionId: string): Promise<number> {
  const [row] = await db.select({ topicId: questions.topicId }).from(questions).where(eq(questions.id, questionId));
  if (!row) throw new Error(`no question ${questionId}`);
  return row.topicId;
}

export type Discussant = Awaited<ReturnType<typeof discussant>>;

/** A user (a VIP learner unless told) and the post calls as they make them. */
export async function discussant(
  t: TestApp,
  opts: { roleKind?: RoleKind; isOperator?: boolean; isAdmin?: boolean; name?: string } = {},
) {
  const { user, token } = await userWithToken(t.deps.database.db, {
    roleKind: opts.roleKind ?? 'VIP',
    isOperator: opts.isOperator ?? false,
    isAdmin: opts.isAdmin ?? false,
    ...(opts.name ? { name: opts.name } : {}),
  });
  const c = <C extends (typeof postCalls)[keyof typeof postCalls]>(call: C, body: Record<string, unknown>) =>
    t.call(call, body, { token });
  return {
    user,
    token,
    id: user.id,
    get: (topic_id: number, more: Record<string, unknown> = {}) => c(postCalls.get, { topic_id, ...more }),
    replies: (comment_id: number, more: Record<string, unknown> = {}) => c(postCalls.replies, { comment_id, ...more }),
    comment: (topic_id: number, content: string, more: Record<string, unknown> = {}) =>
      c(postCalls.comment, { topic_id, content, ...more }),
    remove: (id: number) => c(postCalls.deleteComment, { id }),
    like: (comment_id: number, like = true) => c(postCalls.like, { comment_id, like }),
    subscribe: (topic_id: number, subscribed = true) => c(postCalls.subscribe, { topic_id, subscribed }),
    queue: (more: Record<string, unknown> = {}) => c(postCalls.reviewQueue, more),
    approve: (id: number) => c(postCalls.review, { id, decision: 'approve' }),
    reject: (id: number, reason = '与题目无关') => c(postCalls.review, { id, decision: 'reject', reason }),
    takeDown: (id: number, reason = '违反社区规则') => c(postCalls.remove, { id, reason }),
    keywords: () => c(postCalls.getKeywords, {}),
    setKeywords: (words: string[]) => c(postCalls.setKeywords, { words }),
    upload: (data: Buffer | string, name = 'picture.png') =>
      c(postCalls.uploadImage, { name, data: typeof data === 'string' ? data : data.toString('base64') }),
  };
}

/** Writes a comment and expects it taken; its id. */
export async function commented(
  who: Discussant,
  topicId: number,
  content: string,
  more: Record<string, unknown> = {},
): Promise<number> {
  const res = await who.comment(topicId, content, more);
  if (!res.ok) throw new Error(`comment refused: ${res.err?.kind} ${res.err?.detail}`);
  return res.data.id;
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of `width` × `height` grey pixels (8-bit greyscale). */
export function pngImage(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 GIF and a 1 × 1 lossless WebP, as browsers accept them. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** The head of a baseline JPEG — SOI, a JFIF APP0, the frame header — enough for its type and size. */
export function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
