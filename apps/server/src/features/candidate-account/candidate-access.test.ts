import * as contracts from '@zhaokao/contracts';
import {
  CANDIDATE_API_PREFIX, CANDIDATE_TOKEN_COOKIE, CANDIDATE_TOKEN_HEADER, type Endpoint, OPERATOR_TOKEN_COOKIE,
  OPERATOR_TOKEN_HEADER, fillPath,
} from '@zhaokao/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../seed/seed.js';
import { useTestApp } from '../../test/app.js';
import { signInCandidate } from '../../test/candidates.js';

/** Every endpoint the contracts declare (as contracts-access.test.ts walks them), so that a new one is covered here too. */
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value;
const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

/**
 * The candidate calls made before sign-in. Every other call under the candidate prefix must refuse anyone but a
 * signed-in candidate: a new public one has to be named here, on purpose.
 */
const CANDIDATE_PUBLIC_CALLS = [
  'sendCandidateCode',
  'registerCandidate',
  'candidateLogin',
  'candidateLogout',
  'resetCandidatePassword',
  // the candidate site's public pages (features/candidate-site)
  'candidateCompanyDetail',
  'candidatePlanDetail',
  'candidatePostList',
  'candidatePublicationList',
  'candidatePublicationDetail',
];

const candidateCalls = endpoints.filter(([name, ep]) => ep.path.startsWith(CANDIDATE_API_PREFIX) && !CANDIDATE_PUBLIC_CALLS.includes(name));
const staffCalls = endpoints.filter(([, ep]) => ep.auth);
const platformCalls = endpoints.filter(([name, ep]) => ep.path.startsWith('/platform/') && name !== 'operatorLogin');

const t = useTestApp();
let candidate: string;
let operator: string;
beforeAll(async () => {
  candidate = await signInCandidate(t, '13600001111');
  const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
  operator = res.json().data.token;
});

/** A call of `ep` with only its path parameters (each 1), carrying `headers` and `cookies`. */
const callWith = (ep: Endpoint, headers: Record<string, string>, cookies: Record<string, string> = {}) => {
  const params = Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1]!, 1]));
  return t.app.inject({
    method: ep.method,
    url: `/api${fillPath(ep.path, params)}`,
    headers,
    cookies,
    ...(ep.method === 'POST' ? { payload: {} } : {}),
  });
};

const expectTokenRefused = (res: Awaited<ReturnType<typeof callWith>>, what: string) => {
  expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status: 401, code: 50008 });
};

describe('the candidate calls', () => {
  it('are all under the candidate prefix, none of them behind the staff session check', () => {
    expect(candidateCalls.map(([name]) => name)).toContain('candidateInfo');
    const prefixed = endpoints.filter(([, ep]) => ep.path.startsWith(CANDIDATE_API_PREFIX));
    expect(prefixed.map(([name]) => name)).toEqual(expect.arrayContaining(CANDIDATE_PUBLIC_CALLS));
    expect(prefixed.filter(([, ep]) => ep.auth).map(([name]) => name)).toEqual([]);
  });

  it.each(candidateCalls)('%s refuses a staff or operator token, wherever it is put, and takes a candidate token', async (_name, ep) => {
    const staff = t.admin;
    for (const [what, headers, cookies] of [
      ['no token', {}, {}],
      ['a staff token as X-Token', { 'x-token': staff }, {}],
      ['a staff token in the staff cookie', {}, { 'Admin-Token': staff }],
      ['a staff token as the candidate header', { [CANDIDATE_TOKEN_HEADER]: staff }, {}],
      ['a staff token in the candidate cookie', {}, { [CANDIDATE_TOKEN_COOKIE]: staff }],
      ['an operator token as the candidate header', { [CANDIDATE_TOKEN_HEADER]: operator, [OPERATOR_TOKEN_HEADER]: operator }, {}],
      ['an operator token in the candidate cookie', {}, { [CANDIDATE_TOKEN_COOKIE]: operator, [OPERATOR_TOKEN_COOKIE]: operator }],
    ] as const) {
      expectTokenRefused(await callWith(ep, headers, cookies), what);
    }
    const own = await callWith(ep, { [CANDIDATE_TOKEN_HEADER]: candidate });
    expect(own.statusCode).not.toBe(401);
  });
});

describe('a candidate token', () => {
  it('has calls to be refused by', () => {
    expect(staffCalls.length).toBeGreaterThan(30);
    expect(platformCalls.length).toBeGreaterThan(5);
  });

  it.each(staffCalls)('is refused by the back-office call %s, wherever it is put', async (_name, ep) => {
    for (const [what, headers, cookies] of [
      ['as X-Token', { 'x-token': candidate }, {}],
      ['in the staff cookie', {}, { 'Admin-Token': candidate }],
      ['in its own header and cookie', { [CANDIDATE_TOKEN_HEADER]: candidate }, { [CANDIDATE_TOKEN_COOKIE]: candidate }],
    ] as const) {
      expectTokenRefused(await callWith(ep, headers, cookies), what);
    }
  });

  it.each(platformCalls)('is refused by the platform call %s, wherever it is put', async (_name, ep) => {
    for (const [what, headers, cookies] of [
      ['as the operator header', { [OPERATOR_TOKEN_HEADER]: candidate }, {}],
      ['in the operator cookie', {}, { [OPERATOR_TOKEN_COOKIE]: candidate }],
      ['as X-Token', { 'x-token': candidate }, {}],
      ['in its own header and cookie', { [CANDIDATE_TOKEN_HEADER]: candidate }, { [CANDIDATE_TOKEN_COOKIE]: candidate }],
    ] as const) {
      expectTokenRefused(await callWith(ep, headers, cookies), what);
    }
  });
});
