import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi-document.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Made once per process, on first use: converting every contract takes a few hundred milliseconds the start should not wait for. */
let made: Promise<Awaited<ReturnType<typeof openApiDocument>>> | undefined;
const documentOnce = () => (made ??= openApiDocument());

/**
 * The API document (OpenAPI 3.1, made from the contracts) at `/api/openapi.json`, and a reference page that reads it
 * at `/api/docs` (Swagger UI, its scripts and styles served by this server, so the site's CSP lets them run).
 * Both are public: they describe the calls, and every call still checks its caller.
 */
export async function registerOpenApi(app: FastifyInstance) {
  // @fastify/swagger's static mode serves the object it is given; it is filled in before the first answer that shows it.
  const document: Record<string, unknown> = {};
  const filled = async () => {
    if (!('openapi' in document)) Object.assign(document, await documentOnce());
  };
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'none', deepLinking: true, filter: true, defaultModelsExpandDepth: 0 },
    uiHooks: { onRequest: async () => filled() },
    // the page's top bar only offers to load another document: hidden
    theme: { title: '招考管理系统 接口文档', css: [{ filename: 'zhaokao.css', content: '.swagger-ui .topbar { display: none; }' }] },
  });
  app.get(OPENAPI_PATH, async (_request, reply) => {
    await filled();
    return reply.header('Cache-Control', 'no-cache').send(document);
  });
}
