import { userCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { toUserDto } from '../users/index.js';
import { logout, register, resetPassword, sendOpCheckCode } from './account.service.js';
import { sendCode } from './codes.service.js';
import { login } from './login.service.js';

/** The bearer token of this request, read as the gate reads it (the gate has already checked it). */
function requestToken(header: string | string[] | undefined): string {
  const token = typeof header === 'string' ? /^Bearer +([A-Za-z0-9_-]{20,128})$/.exec(header.trim())?.[1] : undefined;
  if (!token) throw new AppError('unauthorized', 'missing bearer token');
  return token;
}

/** Verification codes, registration, login and the session's own lifecycle. */
export const authModule: Module = (app, deps) => {
  registerCall(app, userCalls.smsSendCode, async ({ body, ip }) =>
    sendCode(deps, { channel: 'sms', target: body.phone, purpose: body.purpose, ip }),
  );
  registerCall(app, userCalls.emailSendCode, async ({ body, ip }) =>
    sendCode(deps, { channel: 'email', target: body.email, purpose: body.purpose, ip }),
  );
  registerCall(app, userCalls.register, async ({ body, deviceId }) => register(deps, { ...body, deviceId }));
  registerCall(app, userCalls.login, async ({ body, ip, deviceId }) => login(deps, { ...body, ip, deviceId }));
  registerCall(app, userCalls.resumeLogin, async ({ actor, req }) => ({
    token: requestToken(req.headers.authorization),
    user: toUserDto(authorize(actor).user, deps.clock.now()),
  }));
  registerCall(app, userCalls.logout, async ({ actor }) => logout(deps, authorize(actor)));
  registerCall(app, userCalls.resetPassword, async ({ body, ip, deviceId }) =>
    resetPassword(deps, { ...body, ip, deviceId }),
  );
  registerCall(app, userCalls.sendOpCheckCode, async ({ actor, ip }) => sendOpCheckCode(deps, authorize(actor), ip));
};
