import { payCalls } from '@gre/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NotifyReply } from '../../adapters/pay/provider.js';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { initTrade } from './init.js';
import { receiveNotification } from './notify.js';
import { sandboxAct, sandboxView } from './sandbox-page.js';
import { listTrades, resolveTrade } from './trades.admin.js';
import { checkPaid, currentPrices, getTrade, setPrices } from './trades.service.js';

/** Notifications are small; anything bigger is not from a gateway. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

function send(reply: FastifyReply, answer: NotifyReply) {
  return reply.status(answer.status).type(answer.contentType).send(answer.body);
}

/**
 * `POST /pay/notify/<provider>`: outside /api (no envelope, no token), the raw bytes kept for the signature. The
 * answer is the gateway's own (WeChat 204 / JSON, Alipay 'success'), sent only after the commit.
 */
function notifyRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
      );
      return send(reply, await receiveNotification(deps, req.params.provider, { rawBody: raw, headers }, req.log));
    });
  });
}

export const payModule: Module = (app, deps) => {
  registerCall(app, payCalls.prices, async () => currentPrices(deps));
  registerCall(app, payCalls.setPrices, async ({ actor, body }) =>
    setPrices(deps, authorize(actor, { staff: 'admin' }), body),
  );
  registerCall(app, payCalls.list, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return listTrades(deps, body);
  });
  registerCall(app, payCalls.resolve, async ({ actor, body }) =>
    resolveTrade(deps, authorize(actor, { staff: 'admin' }), body),
  );
  registerCall(app, payCalls.init, async ({ actor, body, req }) =>
    initTrade(deps, authorize(actor), body, `${req.protocol}://${req.host}`),
  );
  registerCall(app, payCalls.get, async ({ actor, body }) => getTrade(deps, authorize(actor), body.id));
  registerCall(app, payCalls.checkPaid, async ({ actor, body }) => checkPaid(deps, authorize(actor), body.trade_id));
  registerCall(app, payCalls.sandboxGet, async ({ body }) => {
    const view = await sandboxView(deps, body.order);
    if (!view) throw new AppError('not_found', `no sandbox order ${body.order}`, '订单不存在');
    return view;
  });
  registerCall(app, payCalls.sandboxAct, async ({ body }) => sandboxAct(deps, body.order, body.action));
  notifyRoute(app, deps);
};
