import type { Env } from '../env.js';
import { logMailer, logSms } from './log.js';
import type { Mailer, SentCodeLog, SmsSender } from './messaging.js';
import { smtpMailer } from './smtp.js';

export function createMailer(env: Env, sentCodes: SentCodeLog): Mailer {
  if (env.MAIL_PROVIDER === 'smtp') {
    if (!env.SMTP_URL) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL');
    return smtpMailer(env.SMTP_URL, env.MAIL_FROM);
  }
  return logMailer(sentCodes);
}

export function createSmsSender(_env: Env, sentCodes: SentCodeLog): SmsSender {
  return logSms(sentCodes);
}
