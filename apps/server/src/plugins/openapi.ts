import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_VERSION, HEADERS } from '@gre/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the contracts the routes were registered with; viewer at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GRE 备考 API',
        version: String(API_VERSION),
        description: `Every call is POST with a JSON body and answers { ok, data, err_data }. Headers: Authorization: Bearer <token>, ${HEADERS.apiVersion}, ${HEADERS.deviceId}.`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
