import { candidateResume, candidateUpload, saveCandidateResume } from '@zhaokao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../shared/route.js';
import { candidateOf } from '../candidate-account/index.js';
import { readResume, saveSection } from './resume.js';
import { receiveCandidateUpload } from './upload.js';

/** The signed-in candidate's one resume, saved a section at a time, and their uploads (DESIGN §11). */
export function candidateResumeRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);

  defineRoute(app, candidateResume, async ({ request }) => readResume(db, (await candidateOf(db, request)).candidateId), { guard });
  defineRoute(
    app,
    saveCandidateResume,
    async ({ input, request }) => saveSection(db, (await candidateOf(db, request)).candidateId, input.values),
    { guard, successMsg: '保存成功' },
  );
  defineRoute(
    app,
    candidateUpload,
    async ({ input, request }) => receiveCandidateUpload(app, request, (await candidateOf(db, request)).candidateId, input),
    { guard, successMsg: '上传成功' },
  );
}
