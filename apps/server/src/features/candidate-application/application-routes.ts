import {
  candidateApply, myApplication, myApplications, resubmitMyApplication, switchMyApplication,
  withdrawMyApplication,
} from '@zhaokao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { candidateOf } from '../candidate-account/index.js';
import { candidateApplyTo, resubmitMine, switchPost, withdrawMine } from './apply.js';
import { APPLICATION_NOT_FOUND } from './own-application.js';
import { myApplicationRows } from './my-applications.js';

/** The candidate's application `id` as the list shows it (404 when it is not theirs). */
async function myRow(db: Db, candidateId: number, id: number) {
  const [row] = await myApplicationRows(db, candidateId, id);
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  return row;
}

/** The signed-in candidate's applications (DESIGN §11): listed, made, moved to another post, resubmitted, withdrawn. */
export function applicationCallRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);
  const me = async (request: FastifyRequest) => (await candidateOf(db, request)).candidateId;

  defineRoute(app, myApplications, async ({ request }) => myApplicationRows(db, await me(request)), { guard });

  defineRoute(app, myApplication, async ({ input, request }) => myRow(db, await me(request), input.id), { guard });

  defineRoute(
    app,
    candidateApply,
    async ({ input, request }) => {
      const candidateId = await me(request);
      return myRow(db, candidateId, await candidateApplyTo(db, storage, candidateId, input.recruitmentId));
    },
    { guard, successMsg: '报名成功' },
  );

  defineRoute(
    app,
    switchMyApplication,
    async ({ input, request }) => {
      const candidateId = await me(request);
      await switchPost(db, storage, candidateId, input.id, input.recruitmentId);
      return myRow(db, candidateId, input.id);
    },
    { guard, successMsg: '改报成功' },
  );

  defineRoute(
    app,
    resubmitMyApplication,
    async ({ input, request }) => {
      const candidateId = await me(request);
      await resubmitMine(db, storage, candidateId, input.id);
      return myRow(db, candidateId, input.id);
    },
    { guard, successMsg: '提交成功' },
  );

  defineRoute(
    app,
    withdrawMyApplication,
    async ({ input, request }) => {
      await withdrawMine(db, app.payments, await me(request), input.id);
      return null;
    },
    { guard, successMsg: '已撤回报名' },
  );
}
