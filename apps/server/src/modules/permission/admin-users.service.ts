import type { permissionCalls } from '@gre/contracts';
import { authorityRecordSchema, type CallRequest, type CallResponse } from '@gre/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { toTradeDto } from '../pay/index.js';
import { toAdminUser } from './admin-user.dto.js';
import { coinHistory } from './coin-history.repository.js';
import { findUsers as findUserRows, recentTrades, userById } from './permission.repository.js';

const RECENT_TRADES = 20;
const COIN_HISTORY = 100;
const recordsSchema = z.array(authorityRecordSchema);

export async function findUsers(
  deps: Deps,
  body: CallRequest<typeof permissionCalls.findUsers>,
): Promise<CallResponse<typeof permissionCalls.findUsers>> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 20;
  const now = deps.clock.now();
  const { rows, total } = await findUserRows(
    deps.database.db,
    { query: body.query ?? '', roleKind: body.role_kind, staff: body.staff, frozen: body.frozen },
    now,
    page,
    size,
  );
  return { items: rows.map((u) => toAdminUser(u, now)), page_control: { page, page_size: size, total } };
}

export async function getUser(deps: Deps, userId: number): Promise<CallResponse<typeof permissionCalls.getUser>> {
  const db = deps.database.db;
  const user = await userById(db, userId);
  if (!user) throw new AppError('not_found', `no user ${userId}`, '用户不存在');
  const records = recordsSchema.safeParse(user.records);
  return {
    user: toAdminUser(user, deps.clock.now()),
    records: records.success ? records.data : [],
    trades: (await recentTrades(db, userId, RECENT_TRADES)).map(toTradeDto),
  };
}

export async function checkCoin(deps: Deps, userId: number): Promise<CallResponse<typeof permissionCalls.checkCoin>> {
  const db = deps.database.db;
  const user = await userById(db, userId);
  if (!user) throw new AppError('not_found', `no user ${userId}`, '用户不存在');
  return { user_id: userId, coins: user.flashCoins, history: await coinHistory(db, userId, COIN_HISTORY) };
}
