import { quotaCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call.js';
import { quotasInForce, setQuotas } from './quotas.service.js';

/** `/api/admin/get_quotas` and `set_quotas`: the role quotas table of /web_manage; `/api/quota/table` for everyone. */
export function quotaRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, quotaCalls.table, async () => ({ quotas: await quotasInForce(deps.settings) }));
  registerCall(app, quotaCalls.getQuotas, async ({ actor }) => {
    authorize(actor, { staff: 'admin' });
    return { quotas: await quotasInForce(deps.settings) };
  });
  registerCall(app, quotaCalls.setQuotas, async ({ actor, body }) => ({
    quotas: await setQuotas(deps, authorize(actor, { staff: 'admin' }), body.quotas, body.op_code),
  }));
}
