import { connect } from 'node:net';
import * as contracts from '@zhaokao/contracts';
import { CANDIDATE_TOKEN_HEADER, type Endpoint, OPERATOR_TOKEN_HEADER, UNSTORABLE_TEXT_MESSAGE } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_OPERATOR, DEMO_PASSWORD } from './seed/seed.js';
import { useTestApp } from './test/app.js';
import { signInCandidate } from './test/candidates.js';
import { rowsOf } from './shared/sql.js';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value;

/** Every endpoint the contracts declare, so that a new one is walked without anyone adding it here. */
const endpoints = Object.entries(contracts)
  .filter(([, value]) => isEndpoint(value))
  .map(([name, value]) => [name, value as Endpoint] as const);

type FieldPath = (string | number)[];

/** Where an input schema reads a value: object keys, 0 for an array's items; [] for the value itself. */
function fieldPaths(schema: z.ZodType): FieldPath[] {
  const def = schema.def as z.ZodType['def'] & Record<string, unknown>;
  const inner = (key: string) => fieldPaths(def[key] as z.ZodType);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        fieldPaths(field).map((path) => [key, ...path]),
      );
    case 'array':
      return inner('element').map((path) => [0, ...path]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return uniquePaths([...inner('in'), ...inner('out')]);
    case 'union':
      return uniquePaths((def.options as z.ZodType[]).flatMap(fieldPaths));
    case 'transform':
      return [];
    default:
      return [[]];
  }
}

const uniquePaths = (paths: FieldPath[]) => [...new Map(paths.map((path) => [JSON.stringify(path), path])).values()];

/** An input holding only `value`, at `path`. */
function inputWith(path: FieldPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  return typeof head === 'number' ? [inputWith(rest, value)] : { [head]: inputWith(rest, value) };
}

const pathParams = (ep: Endpoint) => [...ep.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

const t = useTestApp();

/** Every table's rows, but the rate limiter's counts (which every request bumps). */
async function databaseContents() {
  const tables = await rowsOf<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_window' order by table_name`,
  );
  const contents: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [result] = await rowsOf<{ rows: string }>(
      t.db,
      sql`select coalesce(string_agg(t::text, '|' order by t::text), '') as rows from ${sql.identifier(table)} t`,
    );
    contents[table] = result!.rows;
  }
  return contents;
}

const httpAnswer = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), body: await res.json() });
const httpRefusal = (status: number) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: { code: status, msg: expect.stringMatching(/[\u4e00-\u9fa5]/), data: null },
});

function expectRefused(res: { statusCode: number; json(): unknown }, status = 400) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: number; msg: string; data: unknown };
  expect(body).toEqual({ code: status, msg: expect.stringMatching(/[\u4e00-\u9fa5]/), data: null });
}

describe('unstorable text in any input field of every contract', () => {
  it('walks every contract, down to fields in lists', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(fieldPaths(contracts.applyRecruitment.input)).toContainEqual(['talentInfo', 'educationList', 0, 'schoolName']);
  });

  let before: Record<string, string>;
  // The platform operator's calls are checked signed in as an operator, the candidates' as a candidate, the rest as the company's administrator.
  let operator: string;
  let candidate: string;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
    operator = res.json().data.token;
    candidate = await signInCandidate(t, '13500001111');
    before = await databaseContents();
  });

  it.each(endpoints)('%s answers 400 before its handler', async (_name, ep) => {
    const params = pathParams(ep);
    const baseUrl = `/api${ep.path.replace(/:([A-Za-z]+)/g, '1')}`;
    const requests: { field: string; url: string; payload?: unknown }[] = [];
    for (const path of fieldPaths(ep.input)) {
      const field = path.join('.');
      const [top] = path;
      if (typeof top === 'string' && params.includes(top)) {
        // A URL holds no lone surrogate: its bytes are UTF-8, and other bytes are a malformed URL (tested below).
        requests.push({ field, url: `/api${ep.path.replace(/:([A-Za-z]+)/g, (_, name) => (name === top ? '%00' : '1'))}` });
      } else if (ep.method === 'GET') {
        expect(path, `${field}: a query holds flat fields only`).toHaveLength(1);
        requests.push({ field, url: `${baseUrl}?${String(top)}=%00` });
      } else {
        for (const bad of [NUL, LONE_SURROGATE]) requests.push({ field, url: baseUrl, payload: inputWith(path, bad) });
      }
    }
    if (ep.method === 'GET') {
      requests.push({ field: 'an unknown field', url: `${baseUrl}?unknownField=%00` });
    } else {
      requests.push({ field: 'a key', url: baseUrl, payload: { [`key${NUL}`]: 1 } });
      requests.push({ field: 'an unknown field', url: baseUrl, payload: { unknownField: [LONE_SURROGATE] } });
    }
    const headers = { 'x-token': t.admin, [OPERATOR_TOKEN_HEADER]: operator, [CANDIDATE_TOKEN_HEADER]: candidate };
    for (const { field, url, payload } of requests) {
      const res = await t.app.inject({ method: ep.method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect({ field, status: res.statusCode, body: res.json() }).toEqual({
        field,
        status: 400,
        body: { code: 400, msg: UNSTORABLE_TEXT_MESSAGE, data: null },
      });
    }
  });

  it('changed nothing in the database', async () => {
    expect(await databaseContents()).toEqual(before);
  });
});

/** Values tried for a field, the first one its schema takes being used. */
const SAMPLE_VALUES = [1, 2, 3, 10, 20, '1', 'a', '2026-01-01', '13800138000', false, []];

/** A value `schema` could take, so that one bad field is all that stands between an input and its handler. */
function sampleOf(schema: z.ZodType): unknown {
  const def = schema.def as z.ZodType['def'] & Record<string, unknown>;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return undefined;
  if (def.type === 'object') {
    return Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, sampleOf(field)]));
  }
  // The endpoint's own check of the raw input is a pipe from a transform: sample what it leads to.
  if (def.type === 'pipe' && (def.in as z.ZodType).def.type === 'transform') return sampleOf(def.out as z.ZodType);
  return SAMPLE_VALUES.find((value) => schema.safeParse(value).success);
}

/** `base` with `value` put at `path`, adding the objects and lists on the way that `base` lacks. */
function withValueAt(base: unknown, path: FieldPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') return [withValueAt(Array.isArray(base) ? base[0] : undefined, rest, value)];
  const object = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : {};
  return { ...object, [head]: withValueAt(object[head], rest, value) };
}

/** An integer just past PostgreSQL's `integer`, and the names every plain object inherits. */
const HOSTILE_VALUES = [2_147_483_648, '2147483648', '__proto__', 'constructor', 'toString'] as const;

describe('out-of-range integers and inherited names in any input field of every contract', () => {
  let operator: string;
  let candidate: string;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
    operator = res.json().data.token;
    candidate = await signInCandidate(t, '13500002222');
  });

  it('an out-of-range status of examApplicationList and an inherited province of getCourierFee are Chinese 400s', async () => {
    const headers = { 'x-token': t.admin };
    // A plan of the company with a written stage, so that nothing but the status can be refused.
    const [plan] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into recruitment_plan (company_id, name, sign_up_start_date, sign_up_end_date, written_start_date, audition_start_date)
          values (${t.company1}, '越界测试计划', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04') returning id`,
    );
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/recruitment/examApplicationList',
      headers,
      payload: { type: 2, planId: plan!.id, status: 2_147_483_648 },
    });
    expect(list.json()).toEqual({ code: 400, msg: contracts.INTEGER_RANGE_MESSAGE, data: null });
    const fine = await t.app.inject({ method: 'POST', url: '/api/recruitment/examApplicationList', headers, payload: { type: 2, planId: plan!.id, status: 21 } });
    expect(fine.json().code).toBe(200);
    for (const province of ['constructor', '__proto__', 'toString']) {
      const fee = await t.app.inject({ method: 'GET', url: `/api/admin/order/invoice/getCourierFee/${province}`, headers });
      expect(fee.json()).toEqual({ code: 400, msg: '请选择正确的省份', data: null });
    }
  });

  it.each(endpoints)('%s never answers 500', async (_name, ep) => {
    const params = pathParams(ep);
    const base = (sampleOf(ep.input) ?? {}) as Record<string, unknown>;
    const headers = { 'x-token': t.admin, [OPERATOR_TOKEN_HEADER]: operator, [CANDIDATE_TOKEN_HEADER]: candidate };
    const urlWith = (values: Record<string, unknown>) =>
      `/api${ep.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '1')))}`;
    for (const path of fieldPaths(ep.input)) {
      for (const bad of HOSTILE_VALUES) {
        const [top] = path;
        const input = withValueAt(base, path, bad) as Record<string, unknown>;
        let request: { url: string; payload?: object };
        if (typeof top === 'string' && params.includes(top)) {
          request = { url: urlWith(input) };
          if (ep.method === 'POST') request.payload = input;
        } else if (ep.method === 'GET') {
          const query = new URLSearchParams();
          for (const [key, value] of Object.entries(input)) {
            if (!params.includes(key) && value !== undefined && typeof value !== 'object') query.set(key, String(value));
          }
          request = { url: `${urlWith(input)}?${query}` };
        } else {
          request = { url: urlWith(input), payload: input };
        }
        const res = await t.app.inject({ method: ep.method, ...request, headers });
        const answer = { field: path.join('.'), bad, status: res.statusCode };
        expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
        if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
          expect(res.json(), JSON.stringify(answer)).toEqual({ code: expect.any(Number), msg: expect.stringMatching(/[\u4e00-\u9fa5]/), data: null });
        }
      }
    }
  });
});

describe('refusals by Fastify and Node answer { code, msg, data } in Chinese', () => {
  const login = '/api/app/company/companyLogin';
  const json = { 'content-type': 'application/json' };

  it('bad JSON, an empty JSON body, a wrong length and deep nesting', async () => {
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: json, payload: '{"loginAccount": ' }));
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: json, payload: '' }));
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: json, payload: '{"__proto__": {"x": 1}}' }));
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: { ...json, 'content-length': '5' }, payload: '{"a": 1}' }));
    const deep = `{"loginAccount": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: json, payload: deep }));
  });

  it('an unsupported content type answers 415 and a body over the limit 413', async () => {
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }), 415);
    expectRefused(await t.app.inject({ method: 'POST', url: login, headers: json, payload: `"${'x'.repeat(2 * 1024 * 1024)}"` }), 413);
  });

  it('a malformed URL answers 400, an over-long path parameter 414, an unknown route or method 404', async () => {
    const headers = { 'x-token': t.admin };
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }));
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/admin/help/detail/%ED%A0%80', headers }));
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/admin/help/detail/${'1'.repeat(200)}`, headers }), 414);
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/no/such/call' }), 404);
    expectRefused(await t.app.inject({ method: 'DELETE', url: login }), 404);
  });

  it("zod's own messages are Chinese", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/help/list?keyword=a&keyword=b', headers: { 'x-token': t.admin } });
    expectRefused(res);
    expect(res.json().msg).not.toMatch(/Invalid|expected/);
  });

  describe('over HTTP', () => {
    let origin: string;
    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('a URL or headers over 16 KB answer 431', async () => {
      expect(await httpAnswer(await fetch(`${origin}/api/admin/help/list?keyword=${'a'.repeat(20_000)}`))).toEqual(httpRefusal(431));
      expect(await httpAnswer(await fetch(`${origin}/api/health`, { headers: { 'x-big': 'a'.repeat(20_000) } }))).toEqual(httpRefusal(431));
    });

    it('bytes that are not HTTP answer 400', async () => {
      const { port } = new URL(origin);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n'));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 400, msg: '请求格式不正确', data: null });
    });
  });
});
