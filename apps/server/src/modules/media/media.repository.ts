import { materials, questions, videos, type Db } from '@gre/db';
import { asc, eq, notInArray, sql } from 'drizzle-orm';
import { briefColumns, type BriefRow } from '@gre/db/queries';
import { sharedSecret } from '../../lib/secrets.repository.js';

export type MaterialRow = typeof materials.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;

/** The settings key of the generated media signing key; SettingsStore never reads it, so no call ever returns it. */
const SECRET_KEY = 'media_signing_secret';

export function listMaterialRows(db: Db): Promise<MaterialRow[]> {
  return db.select().from(materials).orderBy(asc(materials.position), asc(materials.id));
}

export async function findMaterial(db: Db, id: string): Promise<MaterialRow | undefined> {
  const [row] = await db.select().from(materials).where(eq(materials.id, id));
  return row;
}

export function listVideoRows(db: Db): Promise<VideoRow[]> {
  return db.select().from(videos).orderBy(asc(videos.position), asc(videos.id));
}

export async function findVideo(db: Db, id: string): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** A video and the brief columns of the question it explains, in one query. */
export async function findVideoWithQuestion(
  db: Db,
  id: string,
): Promise<{ video: VideoRow; question: BriefRow | null } | undefined> {
  const [row] = await db
    .select({ video: videos, question: briefColumns })
    .from(videos)
    .leftJoin(questions, eq(videos.questionId, questions.id))
    .where(eq(videos.id, id));
  if (!row) return undefined;
  return { video: row.video, question: row.question?.id ? row.question : null };
}

type MaterialInsert = Omit<typeof materials.$inferInsert, 'updatedAt'>;
type VideoInsert = Omit<typeof videos.$inferInsert, 'updatedAt'>;

/**
 * Makes the two tables hold exactly the manifest's rows, in one transaction: insert or update by id, then remove rows
 * the manifest no longer lists (their files are gone with them). Running it again changes nothing.
 */
export async function syncMediaRows(
  db: Db,
  rows: { materials: MaterialInsert[]; videos: VideoInsert[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const m of rows.materials) {
      const { id: _id, ...set } = m;
      await tx
        .insert(materials)
        .values(m)
        .onConflictDoUpdate({ target: materials.id, set: { ...set, updatedAt: sql`now()` } });
    }
    for (const v of rows.videos) {
      const { id: _id, ...set } = v;
      await tx
        .insert(videos)
        .values(v)
        .onConflictDoUpdate({ target: videos.id, set: { ...set, updatedAt: sql`now()` } });
    }
    const keepMaterials = rows.materials.map((m) => m.id);
    const keepVideos = rows.videos.map((v) => v.id);
    await (keepMaterials.length
      ? tx.delete(materials).where(notInArray(materials.id, keepMaterials))
      : tx.delete(materials));
    await (keepVideos.length ? tx.delete(videos).where(notInArray(videos.id, keepVideos)) : tx.delete(videos));
  });
}

/** The generated media signing key, the same on every instance. */
export function sharedSigningSecret(db: Db, candidate: string): Promise<string> {
  return sharedSecret(db, SECRET_KEY, candidate);
}
