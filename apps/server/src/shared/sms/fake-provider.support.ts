import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
