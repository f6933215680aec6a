import { type CallRequest, type CallResponse, type ideaCalls } from '@gre/contracts';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import { listIssuePrompts } from './idea.repository.js';

/**
 * The Issue prompt library. Unlike the big bank, locked prompts are listed to every learner, marked `accessable:
 * false` and without their stem for those below the tier, so the page can show the lock before the click (opening
 * one answers `public_only` through `/api/question/get`). Hidden and underground prompts stay staff-only.
 */
export async function listIdeas(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  body: CallRequest<typeof ideaCalls.list>,
): Promise<CallResponse<typeof ideaCalls.list>> {
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 50;
  const open = visibleVisibilities(actor);
  const listedLocked = open.includes('locked') ? [] : ['locked'];
  const { rows, total } = await listIssuePrompts(deps.database.db, {
    keyword: body.keyword,
    difficulty: body.difficulty,
    open,
    listedLocked,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const canOpen = new Set<string>(open);
  return { items: rows.map((r) => toQuestionBrief(r, canOpen.has(r.visibility))), total, page, page_size: pageSize };
}
