import { describe, expect, it } from 'vitest';
import { createMailer, createSmsSender } from './index.js';
import { logMailer, logSms } from './log.js';
import { SentCodeLog } from './messaging.js';
import { loadEnv } from '../env.js';

describe('log providers', () => {
  it('write the message to the log and record codes for /debug', async () => {
    const codes = new SentCodeLog();
    const lines: string[] = [];
    const mailer = logMailer(codes, (l) => lines.push(l));
    await mailer.send({
      to: 'a@example.com',
      subject: '验证码',
      text: '验证码为：123456',
      code: { value: '123456', purpose: 'register' },
    });
    await mailer.send({ to: 'b@example.com', subject: '通知', text: '没有验证码' });
    const sms = logSms(codes, (l) => lines.push(l));
    await sms.send({
      to: '13800000000',
      subject: '验证码',
      text: '验证码 654321',
      code: { value: '654321', purpose: 'op_check' },
    });

    expect(lines[0]).toContain('[mail:log] to=a@example.com');
    expect(lines[0]).toContain('123456');
    expect(lines[2]).toContain('[sms:log] to=13800000000');
    expect(codes.list().map((c) => [c.target, c.code, c.purpose])).toEqual([
      ['13800000000', '654321', 'op_check'],
      ['a@example.com', '123456', 'register'],
    ]);
    expect(Date.parse(codes.list()[0]!.sent_at)).not.toBeNaN();
  });

  it('SentCodeLog keeps the newest entries up to its bound', () => {
    const codes = new SentCodeLog(3);
    for (let i = 0; i < 5; i++)
      codes.add({ target: `t${i}`, code: String(i).padStart(6, '0'), purpose: 'register', sent_at: '' });
    expect(codes.list().map((c) => c.target)).toEqual(['t4', 't3', 't2']);
    codes.list().pop();
    expect(codes.list()).toHaveLength(3);
  });

  it('are the default providers; smtp needs SMTP_URL', () => {
    const codes = new SentCodeLog();
    expect(createMailer(loadEnv({}), codes).name).toBe('log');
    expect(createSmsSender(loadEnv({}), codes).name).toBe('log');
    expect(() => createMailer(loadEnv({ MAIL_PROVIDER: 'smtp' }), codes)).toThrow(/SMTP_URL/);
    expect(createMailer(loadEnv({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }), codes).name).toBe(
      'smtp',
    );
  });
});
