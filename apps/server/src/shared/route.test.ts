import { FUNCTION_CODES, endpoint } from '@zhaokao/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../app.js';
import { z } from 'zod';
import { AppError } from './errors.js';
import { RIGHT_MISSING, defineRoute } from './route.js';
import type { Session } from './session.js';

const session: Session = { sessionId: 1, userId: 1, companyId: 7, roleId: 1, permissions: ['plan:edit'], passwordMustChange: false };

/** An app with one route of `ep`, whose company holds `held` rights. */
async function appWith(ep: ReturnType<typeof endpoint>, answer: unknown, held: string[] = []) {
  const app = Fastify();
  const deps: Partial<Deps> = {
    sessions: { fromToken: async () => session, forget() {} },
    holdsRight: async (_companyId, code) => held.includes(code),
  };
  app.decorate('deps', deps as Deps);
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof AppError ? error.httpStatus : 500;
    return reply.status(status).send({ msg: (error as Error).message });
  });
  defineRoute(app, ep, async () => answer as never);
  await app.ready();
  return app;
}

const get = (app: Awaited<ReturnType<typeof appWith>>) => app.inject({ method: 'GET', url: '/api/x', headers: { 'x-token': 't' } });

describe('defineRoute', () => {
  const withRight = endpoint({
    method: 'GET',
    path: '/x',
    input: z.object({}),
    output: z.null(),
    right: FUNCTION_CODES.CUSTOM_COMPANY_INFO,
  });

  it('refuses a route whose right the company does not hold, whichever right it is', async () => {
    const res = await get(await appWith(withRight, null, [FUNCTION_CODES.COMPANY_QR_CODE]));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(RIGHT_MISSING);
  });

  it('answers a route whose right the company holds', async () => {
    const res = await get(await appWith(withRight, null, [FUNCTION_CODES.CUSTOM_COMPANY_INFO]));
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
  });

  it('answers only the keys the output schema names', async () => {
    const ep = endpoint({ method: 'GET', path: '/x', input: z.object({}), output: z.object({ id: z.number() }) });
    const res = await get(await appWith(ep, { id: 1, passwordHash: 'secret' }));
    expect(res.json().data).toEqual({ id: 1 });
  });

  it('fails with 500 rather than answer what the output schema refuses', async () => {
    const ep = endpoint({ method: 'GET', path: '/x', input: z.object({}), output: z.object({ id: z.number() }) });
    expect((await get(await appWith(ep, { id: 'one' }))).statusCode).toBe(500);
  });
});
