import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANDIDATE_CODE_SENT_MESSAGE, registerCandidate, sendCandidateCode } from '@zhaokao/contracts';
import { expect, vi } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { CANDIDATE_TEST_PASSWORD, candidateCall } from '../../test/candidates.js';
import type { SmsSender } from '../sms.js';

/**
 * A local HTTP server standing in for an SMS provider in the adapters' tests: `handle` gets each request with its whole
 * body, what the test wants answered (`answerWith` changes it) and the list of requests seen, to push to.
 */
export function fakeProvider<Answer, Seen>(
  first: Answer,
  handle: (request: { req: IncomingMessage; body: Buffer; res: ServerResponse; answer: Answer; seen: Seen[] }) => void,
) {
  const seen: Seen[] = [];
  let answer = first;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle({ req, body: Buffer.concat(chunks), res, answer, seen }));
  });
  return {
    seen,
    server,
    answerWith: (next: Answer) => {
      answer = next;
    },
    /** Listens on a free port of 127.0.0.1 and answers it. */
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The candidate site's sign-up through `sender`, an adapter sending to the fake provider that records `seen`: a code
 * asked for 13900005151, then the code the provider was asked to send (`codeSent` reads it from the request seen, and
 * checks the request) signs the candidate up.
 */
export async function expectSignUpWithCodeSent<Seen>(sender: SmsSender, seen: Seen[], codeSent: (request: Seen) => string) {
  const before = seen.length;
  const t = await createTestApp({ sms: sender });
  try {
    const phone = '13900005151';
    expect((await candidateCall(t, sendCandidateCode, { phone, purpose: 'register' })).json()).toMatchObject({ code: 200, msg: CANDIDATE_CODE_SENT_MESSAGE });
    await vi.waitFor(() => expect(seen.length).toBe(before + 1));
    const code = codeSent(seen[before]!);
    expect(code).toMatch(/^\d{6}$/);
    expect((await candidateCall(t, registerCandidate, { phone, code, password: CANDIDATE_TEST_PASSWORD })).json()).toMatchObject({ code: 200 });
  } finally {
    await t.close();
  }
}
