import { systemCalls, userCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_ACCOUNTS, demoExposureWarning } from '../modules/users/index.js';
import { quietMessaging } from '../../test/fixtures.js';
import { isLoopbackAddress, listenHost } from './loopback.js';

describe('loopback', () => {
  it('knows loopback addresses in every spelling, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', ' 127.0.0.1 '])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '192.168.1.2',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      '127.0.0.1.evil.com',
      '',
      undefined,
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('listens on this machine only outside production unless HOST says otherwise', () => {
    expect(listenHost({ NODE_ENV: 'development', HOST: undefined })).toBe('127.0.0.1');
    expect(listenHost({ NODE_ENV: 'test', HOST: '' })).toBe('127.0.0.1');
    expect(listenHost({ NODE_ENV: 'production', HOST: undefined })).toBe('0.0.0.0');
    expect(listenHost({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('warns about demo accounts only when they exist and the server is reachable from elsewhere', () => {
    expect(demoExposureWarning('127.0.0.1', DEMO_ACCOUNTS)).toBeNull();
    expect(demoExposureWarning('0.0.0.0', [])).toBeNull();
    expect(demoExposureWarning('0.0.0.0', DEMO_ACCOUNTS)).toContain('admin@demo.gre');
    expect(demoExposureWarning('192.168.1.5', DEMO_ACCOUNTS)).toMatch(/^WARNING/);
  });
});

describe('sent codes on /debug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, quietMessaging());
    await t.call(userCalls.emailSendCode, { email: 'someone@example.com', purpose: 'register' }, { ip: '10.1.1.1' });
  });
  afterAll(() => t.close());

  const codes = async (remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: systemCalls.debugInfo.path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
      remoteAddress,
    });
    return res.json<{ data: { recent_codes: { target: string }[] } }>().data.recent_codes.map((c) => c.target);
  };

  it('are listed to a request from this machine', async () => {
    expect(await codes('127.0.0.1')).toEqual(['someone@example.com']);
    expect(await codes('::1')).toEqual(['someone@example.com']);
    expect(await codes('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual(['someone@example.com']);
  });

  it('are hidden from the network, and from a local proxy forwarding someone else, however the header is dressed', async () => {
    expect(await codes('192.168.1.20')).toEqual([]);
    expect(await codes('10.0.0.7', { 'x-forwarded-for': '127.0.0.1' })).toEqual([]);
    expect(await codes('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toEqual([]);
    expect(await codes('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).toEqual([]);
    expect(await codes('127.0.0.1', { forwarded: 'for=203.0.113.9;proto=http' })).toEqual([]);
    expect(await codes('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711"' })).toEqual([]);
    expect(await codes('127.0.0.1', { forwarded: 'by=127.0.0.1' })).toEqual([]);
  });

  it('are never listed in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' }, quietMessaging());
    try {
      await prod.call(userCalls.emailSendCode, { email: 'p@example.com', purpose: 'register' }, { ip: '10.1.1.2' });
      expect((await prod.call(systemCalls.debugInfo, {}, { ip: '127.0.0.1' })).data.recent_codes).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
