import type { AddressInfo } from 'node:net';
import { userCalls } from '@gre/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { smtpMailer } from './smtp.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that keeps what it receives. */
async function startSmtp() {
  const inbox: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    inbox,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number) {
      while (inbox.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text part of a single-part message, decoded from base64 or quoted-printable. */
function decodedBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'GRE 备考 <no-reply@test.gre>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('smtp mailer', () => {
  it('delivers a message with Chinese text intact', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'no-reply@test.gre');
    const before = smtp.inbox.length;
    await mailer.send({ to: 'someone@example.com', subject: '你好', text: '第一行\n验证码 123456' });
    await mailer.close?.();
    await smtp.waitFor(before + 1);
    const got = smtp.inbox[before]!;
    expect(got.to).toEqual(['someone@example.com']);
    expect(got.from).toBe('no-reply@test.gre');
    expect(decodedBody(got.raw)).toContain('验证码 123456');
  });

  it('carries a code sent through /api/email/send_code, and that code registers the account', async () => {
    expect(t.deps.mailer.name).toBe('smtp');
    const before = smtp.inbox.length;
    const r = await t.call(userCalls.emailSendCode, { email: 'Learner@Example.com', purpose: 'register' });
    expect(r.ok).toBe(true);
    await smtp.waitFor(before + 1);
    const got = smtp.inbox[before]!;
    expect(got.to).toEqual(['learner@example.com']);
    const text = decodedBody(got.raw);
    expect(text).toContain('注册账号');
    const code = /验证码为：(\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The smtp provider does not list codes for /debug: only the log providers do.
    expect(t.deps.sentCodes.list()).toEqual([]);
    const reg = await t.call(userCalls.register, {
      account: 'learner@example.com',
      code: code!,
      password: 'password-123',
    });
    expect(reg.ok).toBe(true);
  });
});
