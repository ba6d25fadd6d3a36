import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z, type ZodType } from 'zod';
import { type AnswerHeader, answersOf } from './core/answers';
import { allRoutes } from './routes';

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** What each tag (a feature, by default the route id's prefix) holds. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  platform: 'Readiness and this API description.',
  auth: 'Sign-in, sign-out, registration, passwords and the signed-in user.',
  onboarding: 'The foundation training (five steps, prospect lists) and the newsletter.',
  academy: 'Academy tutorial and tour, videos, Drive resources, testimonials and live calls.',
  partners: "The signed-in partner's downline: directory, figures and details.",
  admin: 'The admin console: users, audit log, mailing-service sync, performance figures.',
};

const HEADERS: Record<AnswerHeader, { description: string; schema: Record<string, unknown> }> = {
  'X-Request-Id': {
    description: 'Id of this request; it is in the server log and in the audit metadata of what it changed.',
    schema: { type: 'string', minLength: 8, maxLength: 64 },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Content-Range': {
    description:
      'Which rows of how many: `<resource> <first>-<last>/<total>`, or `<resource> */<total>` for a page past the end.',
    schema: { type: 'string', pattern: '^[a-z-]+ (\\d+-\\d+|\\*)/\\d+$' },
  },
  'Content-Disposition': {
    description: 'The file name to save the answer under.',
    schema: { type: 'string' },
  },
};

const DESCRIPTION = `The portal's JSON API, generated from the route contracts (\`contracts/src\`).

- **Sessions**: \`POST /api/login\` sets the \`portal.sid\` cookie (HttpOnly, SameSite=Lax); routes marked with the \`session\` scheme need it.
- **Errors** are \`{ error, message }\`: \`error\` is a stable id, \`message\` is for people; \`fields\` maps each invalid field to its message; \`requestId\` repeats the \`X-Request-Id\` header.
- **Writes** (POST, PUT, PATCH, DELETE) take JSON bodies only, at most 256 KB, and an optional \`Idempotency-Key\` (a retry with the same key and request changes nothing twice). A signed-in account may send a bounded number of writes per minute and bytes per day (429 with \`Retry-After\`).
- **Paths and methods**: an \`/api/\` path that is not listed answers 404; a listed path called with a method it does not list answers 405 with an \`Allow\` header, both with the error body.`;

/** The OpenAPI 3.1 document, generated from the route contracts. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal.sid',
    description: 'The session cookie set by `POST /api/login` (named `__Host-portal.sid` over TLS).',
  });
  for (const [name, header] of Object.entries(HEADERS))
    registry.registerComponent('headers', name, { ...header, required: true });
  const headerRefs = (names: AnswerHeader[], required: boolean) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        required ? { $ref: `#/components/headers/${name}` } : { ...HEADERS[name], required: false },
      ]),
    );
  const idempotencyKey = z.object({
    'Idempotency-Key': z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/)
      .optional()
      .meta({
        description: 'Makes a retried write safe: the same key with the same request changes nothing twice.',
      }),
  });

  const tags = new Set<string>();
  for (const [id, route] of Object.entries(allRoutes)) {
    const routeTags = route.tags ?? [id.split('.')[0]];
    for (const tag of routeTags) tags.add(tag);
    const writes = route.method !== 'GET';
    registry.registerPath({
      operationId: id,
      method: route.method.toLowerCase() as 'get',
      path: toOpenApiPath(route.path),
      summary: route.summary,
      description: `Access: ${route.access}`,
      tags: routeTags,
      security: route.access === 'public' ? [] : [{ session: [] }],
      request: {
        ...(route.params ? { params: route.params as never } : {}),
        ...(route.query ? { query: route.query as never } : {}),
        ...(writes ? { headers: idempotencyKey } : {}),
        ...(route.body
          ? { body: { required: true, content: { 'application/json': { schema: route.body as ZodType } } } }
          : {}),
      },
      responses: Object.fromEntries(
        answersOf(route).map((answer) => [
          answer.status,
          {
            description: answer.description,
            headers: {
              ...headerRefs(answer.headers, true),
              ...headerRefs(answer.optionalHeaders ?? [], false),
            },
            content: { [answer.type]: { schema: answer.body } },
          },
        ]),
      ),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Partner training portal API',
      version: '1.10.0',
      description: DESCRIPTION,
      // The code carries no open-source licence: the API is the portal operator's own.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: '/', description: 'The portal itself: the API is served on the origin of its web apps.' },
    ],
    tags: [...tags].sort().map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name] ?? `Routes of the ${name} feature.`,
    })),
  });
}
