import { allCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}
type JsonSchema = { additionalProperties?: unknown; oneOf?: JsonSchema[] };

/** An object schema refusing unknown keys, or a union (a discriminated request like /api/exam/create) of only such. */
const isStrict = (s: JsonSchema | undefined): boolean =>
  s?.oneOf ? s.oneOf.every(isStrict) : s?.additionalProperties === false;

describe('OpenAPI', () => {
  it('serves the viewer at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
  });

  it('serves an OpenAPI 3 document listing every contract call as POST', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDoc>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of allCalls) {
      const op = doc.paths[call.path]?.post;
      expect(op, `${call.path} missing from the OpenAPI document`).toBeDefined();
      const schema = op!.requestBody?.content['application/json']?.schema;
      expect(isStrict(schema), `${call.path} request should be strict`).toBe(true);
    }
  });

  it('registers every contract call as a route', () => {
    const missing = allCalls.filter((c) => !t.app.hasRoute({ method: 'POST', url: c.path })).map((c) => c.path);
    expect(missing).toEqual([]);
  });
});
