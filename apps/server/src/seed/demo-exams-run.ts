import {
  type Endpoint, type ExamStage, type InputOf, type OutputOf, assignSeats, batchSendScore, batchSetGrade,
  batchUpdateAdmissionTicket, closePlanSignUp, companyLogin, fillPath, reviewScores, SESSION_END_CODES,
  saveExamSession,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { mulberry32 } from '../features/exam/tickets/seating.js';
import { rowsOf } from '../shared/sql.js';
import type { DemoExamRun } from './demo-exams.js';
import { DEMO_PASSWORD } from './seed.js';

const CHUNK = 1000;

/**
 * Runs the demo plans' exams through the API, as exam staff would (issue 9): sign-up closed, rooms, seats and tickets, scores
 * entered (a few 缺考) and reviewed, results published per post; for a plan gone all the way the interview too,
 * scored by its panel, and the composite ranking published. Deterministic: seeded seats and scores.
 */
export async function runDemoExams(app: FastifyInstance, runs: readonly DemoExamRun[]) {
  for (const run of runs) {
    const api = await signedIn(app, run.loginAccount);
    // 关闭报名 first: the exams start once nobody can apply, resubmit or be reviewed any more.
    await api(closePlanSignUp, { id: run.planId });
    await runStage(app.deps.db, api, run.planId, 2, run.through === 'all' ? 'publish' : 'halfWay');
    if (run.through === 'all') await runStage(app.deps.db, api, run.planId, 3, 'publish');
  }
}

class RefusedCall extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export type Api = <E extends Endpoint>(ep: E, input: InputOf<E>) => Promise<OutputOf<E>>;

export async function signedIn(app: FastifyInstance, loginAccount: string): Promise<Api> {
  const call = async <E extends Endpoint>(ep: E, input: InputOf<E>, token?: string): Promise<OutputOf<E>> => {
    const values = input as Record<string, unknown>;
    const res = await app.inject({ method: ep.method, url: `/api${fillPath(ep.path, values)}`, headers: token ? { 'x-token': token } : {}, payload: values });
    const body = res.json() as { code: number; msg: string; data: OutputOf<E> };
    if (body.code !== 200) throw new RefusedCall(`demo exams: ${ep.path} answered ${body.code} ${body.msg}`, body.code);
    return body.data;
  };
  const signIn = async () => (await call(companyLogin, { loginAccount, password: DEMO_PASSWORD })).token;
  let token = await signIn();
  // A server started with very short sessions (the browser tests' expiry server) may outlive one on a busy machine.
  return async (ep, input) => {
    try {
      return await call(ep, input, token);
    } catch (error) {
      if (!(error instanceof RefusedCall && SESSION_END_CODES.includes(error.code))) throw error;
      token = await signIn();
      return call(ep, input, token);
    }
  };
}

const ROOMS: Record<ExamStage, { name: string; seats: number }[]> = {
  2: [
    { name: '第一考场（博学楼 101）', seats: 30 },
    { name: '第二考场（博学楼 102）', seats: 30 },
    { name: '第三考场（博学楼 103）', seats: 30 },
    { name: '第四考场（博学楼 104）', seats: 30 },
    { name: '第五考场（博学楼 105）', seats: 30 },
    { name: '第六考场（博学楼 106）', seats: 30 },
    { name: '第七考场（博学楼 107）', seats: 30 },
  ],
  3: [
    { name: '第一面试室', seats: 25 },
    { name: '第二面试室', seats: 25 },
    { name: '第三面试室', seats: 25 },
  ],
};

const NOTES: Record<ExamStage, string> = {
  2: '1. 请于开考前 30 分钟凭准考证和身份证原件进入考场，开考 15 分钟后不得入场。\n2. 考试期间不得携带手机等通信工具。\n3. 请使用黑色签字笔作答。',
  3: '1. 请于面试开始前 40 分钟到候考室报到并抽签。\n2. 面试中不得透露姓名、准考证号等个人信息。',
};

async function runStage(db: Db, api: Api, planId: number, stage: ExamStage, how: 'publish' | 'halfWay') {
  await api(saveExamSession, { planId, type: stage, notes: NOTES[stage], rooms: ROOMS[stage] });
  await api(assignSeats, { planId, type: stage, seed: 20260000 + planId * 10 + stage });
  await api(batchUpdateAdmissionTicket, { planId, type: stage });

  const awaiting = await rowsOf<{ id: number; recruitmentId: number }>(
    db,
    sql`select id, recruitment_id as "recruitmentId" from candidate_application
      where plan_id = ${planId} and status = ${stage === 2 ? 21 : 31} order by id`,
  );
  const items = await rowsOf<{ id: number }>(db, sql`select id from workflow_item where plan_id = ${planId} and stage = ${stage} and kind = 'score' order by sort, id`);
  // seeded, so that every first start enters the same scores
  const random = mulberry32(planId * 100 + stage);
  // Scores in halves (the way examiners mark), a few absent; a written tie or two come with the numbers.
  const score = (low: number, high: number) => (Math.round((low + random() * (high - low)) * 2) / 2).toFixed(2);
  const entered = how === 'publish' ? awaiting : awaiting.slice(0, Math.ceil(awaiting.length * 0.6));
  const entries = entered.map((a, i) => {
    const absent = i % 23 === 7;
    if (absent) return { applicationId: a.id, absent: true, scores: [] };
    const base = stage === 2 ? 48 + random() * 42 : 70 + random() * 22;
    return { applicationId: a.id, absent: false, scores: items.map((it) => ({ workItemId: it.id, score: score(base - 3, Math.min(base + 3, 99)) })) };
  });
  for (let i = 0; i < entries.length; i += CHUNK) await api(batchSetGrade, { type: stage, entries: entries.slice(i, i + CHUNK) });

  const toConfirm = how === 'publish' ? entered : entered.slice(0, Math.ceil(entered.length / 2));
  for (let i = 0; i < toConfirm.length; i += CHUNK) {
    await api(reviewScores, { type: stage, action: 'confirm', ids: toConfirm.slice(i, i + CHUNK).map((a) => a.id) });
  }
  if (how === 'halfWay') return;
  for (const recruitmentId of new Set(awaiting.map((a) => a.recruitmentId))) {
    await api(batchSendScore, { type: stage, recruitmentId });
  }
}
