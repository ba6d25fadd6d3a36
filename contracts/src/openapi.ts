import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { errorBody } from './core/http';
import { allRoutes } from './routes';

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI 3.1 document, generated from the route contracts. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal.sid', // `__Host-portal.sid` over TLS
  });
  for (const [id, route] of Object.entries(allRoutes)) {
    const errors = {
      400: { description: 'Invalid input', content: { 'application/json': { schema: errorBody } } },
      401: { description: 'Not signed in', content: { 'application/json': { schema: errorBody } } },
      403: { description: 'Not allowed', content: { 'application/json': { schema: errorBody } } },
    };
    registry.registerPath({
      operationId: id,
      method: route.method.toLowerCase() as 'get',
      path: toOpenApiPath(route.path),
      summary: route.summary,
      description: `Access: ${route.access}`,
      tags: route.tags ?? [id.split('.')[0]],
      security: route.access === 'public' ? [] : [{ session: [] }],
      request: {
        ...(route.params ? { params: route.params as never } : {}),
        ...(route.query ? { query: route.query as never } : {}),
        ...(route.body
          ? { body: { content: { 'application/json': { schema: route.body as ZodType } } } }
          : {}),
      },
      responses: {
        200: {
          description: 'Success',
          content: { [route.produces ?? 'application/json']: { schema: route.response as ZodType } },
        },
        ...(route.access === 'public' ? { 400: errors[400] } : errors),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Partner training portal API', version: '1.10.0' },
  });
}
