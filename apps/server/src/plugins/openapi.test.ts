import { Validator } from '@seriousme/openapi-schema-validator';
import * as contracts from '@zhaokao/contracts';
import { type Endpoint, ResultCode, fillPath } from '@zhaokao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, createTestApp } from '../test/app.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

interface Operation {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, { in: string; name: string }> };
}

/** Every endpoint the contracts export, found here on its own (not by the code under test). */
const endpoints = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Endpoint] => {
    const value = entry[1] as Partial<Endpoint> | null;
    return typeof value === 'object' && value !== null && typeof value.path === 'string' && value.input instanceof z.ZodType && value.output instanceof z.ZodType;
  },
);
const operationOf = (doc: Document, ep: Endpoint) => doc.paths[ep.path.replace(/:(\w+)/g, '{$1}')]?.[ep.method.toLowerCase()];

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('the API document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every endpoint of the contracts, under the tag of its contract module', () => {
    expect(endpoints.length).toBeGreaterThan(250);
    const missing = endpoints.filter(([, ep]) => !operationOf(doc, ep)).map(([name, ep]) => `${name}: ${ep.method} ${ep.path}`);
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations).toHaveLength(endpoints.length);
    for (const [name, ep] of endpoints) {
      const operation = operationOf(doc, ep)!;
      expect(operation.operationId).toBe(name);
      expect(operation.tags, name).not.toEqual(['other']);
    }
    expect(doc.tags.find((tag) => tag.name === 'auth')?.description).toBe('登录、会话与个人信息');
  });

  it('documents inputs, the answer envelope and file answers', () => {
    const detail = operationOf(doc, contracts.getTalentInfo)!;
    expect(detail.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const list = operationOf(doc, contracts.staffList)!;
    expect(list.requestBody?.content).toHaveProperty('application/json');
    expect(JSON.stringify(list.requestBody)).toContain('pageSize');
    expect(JSON.stringify(list.responses['200'])).toMatch(/"code".*"msg".*"data"/);
    const exported = operationOf(doc, contracts.exportFeeOrderList)!;
    expect(exported.responses['200']!.content).toHaveProperty('application/octet-stream');
    const upload = operationOf(doc, contracts.imageUpload)!;
    expect(upload.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(upload.parameters).toContainEqual(expect.objectContaining({ name: 'kind', in: 'query' }));
  });

  it('names the session each call needs, as the server checks it', async () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.staffToken).toMatchObject({ in: 'header', name: 'X-Token' });
    expect(schemes.staffCookie).toMatchObject({ in: 'cookie', name: 'Admin-Token' });
    expect(schemes.operatorCookie).toMatchObject({ in: 'cookie', name: contracts.OPERATOR_TOKEN_COOKIE });
    // Every call without a staff session: called with no token at all, it is refused for want of one exactly when
    // the document says it needs one (its guard runs before its input is read).
    const mismatches: string[] = [];
    for (const [name, ep] of endpoints.filter(([, e]) => !e.auth)) {
      const operation = operationOf(doc, ep)!;
      const pathValues = Object.fromEntries([...ep.path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, '1']));
      const res = await t.app.inject({ method: ep.method, url: `/api${fillPath(ep.path, pathValues)}`, ...(ep.method === 'POST' && { payload: {} }) });
      // the storage host reads its upload token in the handler, after the input
      const refused = res.statusCode === 401 || (ep === contracts.uploadToStorage && res.json().msg === '缺少上传凭证');
      if (refused !== operation.security.length > 0) mismatches.push(`${name} ${ep.path}: answered ${res.statusCode}, documented ${JSON.stringify(operation.security)}`);
    }
    expect(mismatches).toEqual([]);
    expect(operationOf(doc, contracts.staffList)!.security).toEqual([{ staffToken: [] }, { staffCookie: [] }]);
  });
});

describe('the reference page', () => {
  it('answers HTML whose scripts and styles come from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      expect((await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/${asset}` })).statusCode, asset).toBe(200);
    }
    const shown = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(shown.json().paths).toEqual(doc.paths);
  });

  it('leaves the answers of the API as they were', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.json()).toMatchObject({ code: ResultCode.NOT_FOUND });
  });
});
