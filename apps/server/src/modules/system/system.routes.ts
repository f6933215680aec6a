import { API_VERSION, systemCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import { OffsetClock } from '../../lib/clock.js';
import { fromLoopback } from '../../lib/loopback.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { setSwitch } from './switches.service.js';
import { quotaRoutes } from './quotas.routes.js';

const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

export const systemModule: Module = (app, deps) => {
  registerCall(app, systemCalls.getSettings, async () => deps.settings.get());
  registerCall(app, systemCalls.setMaintenance, async ({ actor, body }) =>
    setSwitch(deps, authorize(actor, { staff: 'admin' }), systemCalls.setMaintenance, 'maintenance', body.on),
  );
  registerCall(app, systemCalls.setMinApiVersion, async ({ actor, body }) =>
    setSwitch(
      deps,
      authorize(actor, { staff: 'admin' }),
      systemCalls.setMinApiVersion,
      'min_api_version',
      body.min_api_version,
    ),
  );
  registerCall(app, systemCalls.echo, async ({ body }) => ({ text: body.text }));
  quotaRoutes(app, deps);
  registerCall(app, systemCalls.debugInfo, async ({ actor, req }) => {
    const site = await deps.settings.get();
    const production = deps.env.NODE_ENV === 'production';
    return {
      server_version: SERVER_VERSION,
      api_version: API_VERSION,
      min_api_version: site.min_api_version,
      production,
      database: deps.database.kind,
      // Sent codes open accounts: only for someone at this machine, and never in production.
      recent_codes: production || !fromLoopback(req) ? [] : deps.sentCodes.list(),
      user_id: actor?.user.id ?? null,
      session_ends_at: actor?.sessionEndsAt?.toISOString() ?? null,
      flags: {
        maintenance: site.maintenance,
        fast_paths: deps.env.FAST_PATHS === 'on',
        debug_clock: deps.clock instanceof OffsetClock,
        jobs: deps.env.JOBS === 'on',
        rate_limits: deps.env.REDIS_URL ? ('redis' as const) : ('memory' as const),
        pay_provider: deps.env.PAY_PROVIDER,
        mail_provider: deps.env.MAIL_PROVIDER,
        sms_provider: deps.env.SMS_PROVIDER,
      },
    };
  });
  registerCall(app, systemCalls.advanceClock, async ({ body }) => {
    const clock = deps.clock;
    if (!(clock instanceof OffsetClock)) throw new AppError('not_found', 'the adjustable clock is off (DEBUG_CLOCK)');
    clock.advance(body.days * 86_400_000);
    return { now: clock.now().toISOString() };
  });
};
