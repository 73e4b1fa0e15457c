import { CANDIDATE_TOKEN_HEADER, type CandidateCodePurpose, type Endpoint, fillPath } from '@zhaokao/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { candidateAccount } from '../db/tables.js';
import { hashPassword } from '../shared/crypto.js';
import type { SmsSender } from '../shared/sms.js';
import type { TestApp } from './app.js';

export interface SentSms {
  phone: string;
  code: string;
  purpose: CandidateCodePurpose;
}

/** An SMS sender that keeps what it was asked to send (`createTestApp({ sms })`), so a test reads the codes. */
export function recordingSms(): SmsSender & { sent: SentSms[]; codeFor(phone: string): string } {
  const sent: SentSms[] = [];
  return {
    sent,
    async send(phone, code, purpose) {
      sent.push({ phone, code, purpose });
    },
    codeFor(phone) {
      const last = sent.filter((sms) => sms.phone === phone).at(-1);
      if (!last) throw new Error(`no SMS was sent to ${phone}`);
      return last.code;
    },
  };
}

/**
 * Calls a contract endpoint as the candidate site does: path parameters filled, the rest as POST body or GET query,
 * with the candidate's token in its own header when given (and any other headers or cookies).
 */
export function candidateCall(
  t: Pick<TestApp, 'app'>,
  ep: Endpoint,
  input: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string>; cookies?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const pathNames = [...ep.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const rest = Object.fromEntries(Object.entries(input).filter(([key, value]) => !pathNames.includes(key) && value !== undefined));
  return t.app.inject({
    method: ep.method,
    url: `/api${fillPath(ep.path, input)}`,
    headers: { ...(options.token && { [CANDIDATE_TOKEN_HEADER]: options.token }), ...options.headers },
    ...(options.cookies && { cookies: options.cookies }),
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    ...(ep.method === 'GET' ? { query: Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)])) } : { payload: rest }),
  });
}

export const CANDIDATE_TEST_PASSWORD = 'Apply2026pass';

/** A candidate account made in the database (no SMS needed), signed in through the API: answers its token. */
export async function signInCandidate(t: Pick<TestApp, 'app' | 'db'>, phone: string, password = CANDIDATE_TEST_PASSWORD): Promise<string> {
  await t.db.insert(candidateAccount).values({ phone, passwordHash: await hashPassword(password) });
  const res = await t.app.inject({ method: 'POST', url: '/api/candidate/login', payload: { phone, password } });
  const body = res.json();
  if (body.code !== 200) throw new Error(`candidate login ${phone} failed: ${body.msg}`);
  return body.data.token as string;
}
