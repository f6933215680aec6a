import { CRAFT_LIMITS, type CallResponse, type CollectTag, type craftCalls } from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { countTags, insertTag, listTags, lockUserForTags, type CollectTagRow } from './crafts.repository.js';

const toTag = (r: CollectTagRow): CollectTag => ({ id: r.id, name: r.name, desp: r.desp });

/**
 * /api/collect/add. The name is trimmed; empty → 'please fill in tag name' (spec §8). The 10-character hint is the
 * client's; the contract bounds the name at CRAFT_LIMITS.tagName. Creations of one learner are counted one at a time
 * so the tag limit holds under concurrency.
 */
export async function addTag(
  deps: Pick<Deps, 'database' | 'uow'>,
  actor: Actor,
  body: z.output<(typeof craftCalls)['collectAdd']['request']>,
): Promise<CallResponse<typeof craftCalls.collectAdd>> {
  const name = body.name.trim();
  if (name === '') throw new AppError('invalid_input', 'name: empty', '请填写标签名称');
  const desp = body.desp.trim();
  const userId = actor.user.id;
  const row = await withUnitOfWork(deps, async ({ tx }) => {
    await lockUserForTags(tx, userId);
    if ((await countTags(tx, userId)) >= CRAFT_LIMITS.tags)
      throw new AppError('conflict', `at most ${CRAFT_LIMITS.tags} tags`, `最多创建 ${CRAFT_LIMITS.tags} 个标签`);
    const inserted = await insertTag(tx, userId, name, desp);
    if (!inserted) throw new AppError('conflict', 'a tag of this name exists', '标签已存在');
    return inserted;
  });
  return { collect: toTag(row) };
}

export async function allTags(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
): Promise<CallResponse<typeof craftCalls.collectGetAll>> {
  return { collects: (await listTags(deps.database.db, actor.user.id)).map(toTag) };
}
