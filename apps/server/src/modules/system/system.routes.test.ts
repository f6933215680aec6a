import { systemCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope', () => {
  it('wraps data', async () => {
    const r = await t.call(systemCalls.echo, { text: '你好' });
    expect(r).toMatchObject({ status: 200, ok: true, data: { text: '你好' }, err: null });
  });
  it('rejects unknown fields with invalid_input', async () => {
    const r = await t.call(systemCalls.echo, { text: 'a', extra: 1 });
    expect(r.status).toBe(400);
    expect(r.err?.kind).toBe('invalid_input');
  });
});
