import { AppError } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';

/** The sandbox gateway's page is served only while it is the configured provider. */
function sandbox(deps: Deps) {
  if (deps.pay.name !== 'sandbox')
    throw new AppError('not_found', 'the sandbox gateway is not in use', '沙盒支付未启用');
  return deps.pay;
}

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

export async function sandboxView(deps: Deps, order: string) {
  const view = await sandbox(deps).view(order);
  return view
    ? {
        order: view.order,
        title: view.title,
        amount: view.amountFen,
        status: view.status,
        expire_stamp: stamp(view.expiresAt),
      }
    : null;
}

/** The payer's choice on the sandbox page; the gateway notifies the app itself (signed, retried until taken). */
export async function sandboxAct(deps: Deps, order: string, action: 'pay' | 'cancel') {
  const view = await sandbox(deps).act(order, action);
  if (!view) throw new AppError('not_found', `no sandbox order ${order}`, '订单不存在');
  return { status: view.status };
}
