import { randomBytes, randomInt } from 'node:crypto';
import {
  APPLICATION_STATUS, DEFAULT_TICKET_PATTERN, EXAM_BATCH_MAX, EXAM_END_TIME_EARLY, EXAM_STAGES,
  type ExamBatchResult, type ExamSessionView, type ExamStage, INTERVIEW_STAGE, PRINT_KINDS,
  STAGE_CLOSED_MESSAGES, type TicketRow, WRITTEN_STAGE, admissionTicketPage, assignSeats,
  batchUpdateAdmissionTicket, downloadPrintJob, examSessionDetail, printJobStatus, saveExamSession,
  startPrintJob, toChinaDateTime, verifyAdmissionTicket,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { recruitmentPlan } from '../../../db/tables.js';
import { refusingViolations } from '../../../shared/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import type { Session } from '../../../shared/session.js';
import { inList, rowsOf } from '../../../shared/sql.js';
import { maskIdentityNo, maskName } from '../../../shared/masks.js';
import { publicOrigin } from '../../../shared/public-origin.js';
import { examAddressOf, examTimeOf, printRows, ticketFileName } from './print.js';
import { type PrintParams, printCount, printJobHandler, printJobTitle, viewOf } from './print-jobs.js';
import { jobOf } from '../../job/index.js';
import { gaveUpOf, ticketListFrom, ticketListTotal } from './ticket-list.js';
import { type FreeSeat, seatCandidates, ticketCode } from './seating.js';
import { APPLICATION_MISSING, PLAN_MISSING, POST_MISSING, signUpClosingOf, signUpUnreviewedOf, transition } from '../../pipeline/index.js';

const ROOM_MISSING = '考场不存在';
const JOB_MISSING = '打印任务不存在';
const GAVE_UP = '逾期未缴报名费，视为放弃考试';

/** The written stage waits for its ticket in 20 and moves to 21 when it is issued; the interview likewise 30 → 31. */
const OPEN_STATUS = { [WRITTEN_STAGE]: APPLICATION_STATUS.awaitingWritten, [INTERVIEW_STAGE]: APPLICATION_STATUS.awaitingInterview } as const;
const ISSUED_STATUS = { [WRITTEN_STAGE]: APPLICATION_STATUS.awaitingWrittenScore, [INTERVIEW_STAGE]: APPLICATION_STATUS.awaitingInterviewScore } as const;
const STAGE_PERMISSION = { [WRITTEN_STAGE]: 'review:written', [INTERVIEW_STAGE]: 'review:audition' } as const;

type Plan = typeof recruitmentPlan.$inferSelect;

/** The ticket endpoints list both permissions; each stage needs its own. */
function requireStage(session: Session, stage: ExamStage) {
  if (!session.permissions.includes(STAGE_PERMISSION[stage])) throw forbidden();
}

async function stagePlan(db: Db, session: Session, planId: number, stage: ExamStage): Promise<Plan> {
  requireStage(session, stage);
  return loadOwned(db, recruitmentPlan, planId, session.companyId, PLAN_MISSING);
}


interface SessionRow {
  id: number;
  codePattern: string;
  notes: string;
  subject: string;
  endTime: string;
  seed: number | null;
}

/**
 * The plan's exam session of the stage, made with the default pattern when missing, locked until the transaction
 * ends: seating, issuing and saving the setting of one plan's stage queue on it.
 */
async function lockSession(tx: Db, companyId: number, planId: number, stage: ExamStage): Promise<SessionRow> {
  await tx.execute(sql`insert into exam_session (company_id, plan_id, stage, code_pattern)
    values (${companyId}, ${planId}, ${stage}, ${DEFAULT_TICKET_PATTERN}) on conflict do nothing`);
  const [row] = await rowsOf<SessionRow>(
    tx,
    sql`select id, code_pattern as "codePattern", notes, subject, end_time as "endTime", seed from exam_session
      where company_id = ${companyId} and plan_id = ${planId} and stage = ${stage} for update`,
  );
  return row!;
}

async function sessionView(db: Db, companyId: number, plan: Plan, stage: ExamStage): Promise<ExamSessionView> {
  const [session] = await rowsOf<SessionRow>(
    db,
    sql`select id, code_pattern as "codePattern", notes, subject, end_time as "endTime", seed from exam_session
      where company_id = ${companyId} and plan_id = ${plan.id} and stage = ${stage}`,
  );
  const rooms = await rowsOf<ExamSessionView['rooms'][number]>(
    db,
    sql`select r.id, r.name, r.seats, count(s.application_id)::int as seated, count(s.issued_at)::int as issued
      from exam_room r
      left join (application_stage s join candidate_application a on a.id = s.application_id and a.company_id = s.company_id)
        on s.company_id = r.company_id and s.room_id = r.id and s.stage = r.stage and (s.issued_at is not null or not ${gaveUpOf(stage)})
      where r.company_id = ${companyId} and r.plan_id = ${plan.id} and r.stage = ${stage}
      group by r.id order by r.sort`,
  );
  const [counts] = await rowsOf<{ unseated: number; seatedNotIssued: number; issued: number }>(
    db,
    sql`select
        count(*) filter (where s.room_id is null and a.status = ${OPEN_STATUS[stage]} and r.cancelled_at is null and not ${gaveUpOf(stage)})::int as unseated,
        count(*) filter (where s.room_id is not null and s.issued_at is null and not ${gaveUpOf(stage)})::int as "seatedNotIssued",
        count(*) filter (where s.issued_at is not null)::int as issued
      from candidate_application a
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      left join application_stage s on s.company_id = a.company_id and s.application_id = a.id and s.stage = ${stage}
      where a.company_id = ${companyId} and a.plan_id = ${plan.id} and (a.status = ${OPEN_STATUS[stage]} or s.room_id is not null)`,
  );
  return {
    planId: plan.id,
    type: stage,
    planName: plan.name,
    examTime: toChinaDateTime(examTimeOf(plan, stage)),
    examAddress: examAddressOf(plan, stage),
    codePattern: session?.codePattern ?? DEFAULT_TICKET_PATTERN,
    notes: session?.notes ?? '',
    subject: session?.subject ?? '',
    endTime: session?.endTime ?? '',
    seed: session?.seed ?? null,
    rooms,
    ...counts!,
    signUpClosed: (await signUpClosingOf(db, companyId, plan.id)) !== null,
    signUpUnreviewed: await signUpUnreviewedOf(db, companyId, plan.id),
  };
}

/** Seats that are given but whose tickets are not issued lose them (the rooms changed, or seating starts over). */
const clearUnissued = (tx: Db, companyId: number, planId: number, stage: ExamStage, onlyRoom?: number) =>
  tx.execute(sql`update application_stage set room_id = null, seat = null, ticket_code = null
    where company_id = ${companyId} and plan_id = ${planId} and stage = ${stage} and issued_at is null and room_id is not null
      ${onlyRoom === undefined ? sql`` : sql`and room_id = ${onlyRoom}`}`);

/** The applications of the plan among `ids`; any id that is not answers 404. */
async function checkApplications(db: Db, companyId: number, planId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from candidate_application where company_id = ${companyId} and plan_id = ${planId} and id in (${inList(unique)})`,
  );
  if (row!.n !== unique.length) throw notFound(APPLICATION_MISSING);
  return unique;
}

async function checkPost(db: Db, companyId: number, planId: number, recruitmentId: number | undefined) {
  if (recruitmentId === undefined) return;
  const [row] = await rowsOf(db, sql`select 1 from recruitment_info where company_id = ${companyId} and plan_id = ${planId} and id = ${recruitmentId}`);
  if (!row) throw notFound(POST_MISSING);
}

async function checkRoom(db: Db, companyId: number, planId: number, stage: ExamStage, roomId: number | undefined) {
  if (roomId === undefined) return;
  const [row] = await rowsOf(db, sql`select 1 from exam_room where company_id = ${companyId} and plan_id = ${planId} and stage = ${stage} and id = ${roomId}`);
  if (!row) throw notFound(ROOM_MISSING);
}

interface RoomRow {
  id: number;
  sort: number;
  name: string;
  seats: number;
  issued: number;
  maxIssuedSeat: number | null;
}

const roomsOf = (tx: Db, companyId: number, planId: number, stage: ExamStage) =>
  rowsOf<RoomRow>(
    tx,
    sql`select r.id, r.sort, r.name, r.seats,
        (select count(*)::int from application_stage s where s.company_id = r.company_id and s.room_id = r.id and s.issued_at is not null) as issued,
        (select max(s.seat) from application_stage s where s.company_id = r.company_id and s.room_id = r.id and s.issued_at is not null) as "maxIssuedSeat"
      from exam_room r where r.company_id = ${companyId} and r.plan_id = ${planId} and r.stage = ${stage} order by r.sort`,
  );

/** Issues the tickets of `ids` (DESIGN §5: 20 → 21, 30 → 31), under the session lock; answers what was done and refused. */
async function issueTickets(tx: Db, session: Session, plan: Plan, stage: ExamStage, ids: readonly number[]): Promise<ExamBatchResult> {
  const { companyId } = session;
  await lockSession(tx, companyId, plan.id, stage);
  const rows = await rowsOf<{
    id: number;
    realName: string;
    status: number;
    cancelled: boolean;
    gaveUp: boolean;
    roomId: number | null;
    issued: boolean;
    ticketCode: string | null;
  }>(
    tx,
    sql`select a.id, a.real_name as "realName", a.status, r.cancelled_at is not null as cancelled, ${gaveUpOf(stage)} as "gaveUp",
        s.room_id as "roomId", s.issued_at is not null as issued, s.ticket_code as "ticketCode"
      from candidate_application a
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      left join application_stage s on s.company_id = a.company_id and s.application_id = a.id and s.stage = ${stage}
      where a.company_id = ${companyId} and a.plan_id = ${plan.id} and a.id in (${inList(ids)})
      order by a.id`,
  );
  const refused: ExamBatchResult['refused'] = [];
  const ready: typeof rows = [];
  for (const row of rows) {
    const reason = row.issued
      ? '准考证已发放'
      : row.cancelled
        ? '岗位已取消'
        : row.status !== OPEN_STATUS[stage]
          ? '当前报名状态不能发放准考证'
          : row.gaveUp
            ? GAVE_UP
            : row.roomId === null
              ? '尚未安排考场座位'
              : '';
    if (reason) refused.push({ id: row.id, realName: row.realName, reason });
    else ready.push(row);
  }
  if (ready.length === 0) return { done: 0, refused };
  const tokens = ready.map((row) => ({ id: row.id, token: randomBytes(18).toString('base64url') }));
  const issued = await rowsOf<{ id: number }>(
    tx,
    sql`update application_stage s set issued_at = now(), verify_token = x.token
      from json_to_recordset(${JSON.stringify(tokens)}::json) as x(id int, token text)
      where s.company_id = ${companyId} and s.stage = ${stage} and s.application_id = x.id and s.issued_at is null and s.room_id is not null
      returning s.application_id as id`,
  );
  const issuedIds = new Set(issued.map((row) => row.id));
  for (const row of ready) {
    if (!issuedIds.has(row.id)) {
      refused.push({ id: row.id, realName: row.realName, reason: '准考证已发放' });
      continue;
    }
    await transition(tx, {
      application: { id: row.id, companyId, planId: plan.id, status: OPEN_STATUS[stage] },
      to: ISSUED_STATUS[stage],
      actorId: session.userId,
      remarks: `发放${EXAM_STAGES[stage]}准考证 ${row.ticketCode}`,
    });
  }
  if (issuedIds.size > 0) {
    await tx.execute(sql`update candidate_application a set admission_ticket_code = s.ticket_code, updated_at = now()
      from application_stage s
      where a.company_id = ${companyId} and a.id in (${inList([...issuedIds])})
        and s.company_id = a.company_id and s.application_id = a.id and s.stage = ${stage}`);
  }
  return { done: issuedIds.size, refused };
}

export function ticketRoutes(app: FastifyInstance) {
  const { db, storage, jobs } = app.deps;
  jobs.handle('print', printJobHandler);

  defineRoute(app, examSessionDetail, async ({ input, session }) => {
    const plan = await stagePlan(db, session, input.planId, input.type);
    return sessionView(db, session.companyId, plan, input.type);
  });

  defineRoute(
    app,
    saveExamSession,
    async ({ input, session }) => {
      const { companyId } = session;
      const stage = input.type;
      const plan = await stagePlan(db, session, input.planId, stage);
      if (input.endTime && input.endTime <= toChinaDateTime(examTimeOf(plan, stage)).slice(11)) throw badRequest(EXAM_END_TIME_EARLY);
      await refusingViolations(
        () =>
          db.transaction(async (tx) => {
            const before = await lockSession(tx, companyId, plan.id, stage);
            const rooms = await roomsOf(tx, companyId, plan.id, stage);
            const anyIssued = rooms.some((r) => r.issued > 0);
            if (before.codePattern !== input.codePattern) {
              if (anyIssued) throw conflict('准考证已发放，不能修改准考证号规则');
              await clearUnissued(tx, companyId, plan.id, stage);
            }
            await tx.execute(sql`update exam_session set code_pattern = ${input.codePattern}, notes = ${input.notes},
              subject = ${input.subject}, end_time = ${input.endTime}, updated_at = now()
              where id = ${before.id}`);

            const byId = new Map(rooms.map((r) => [r.id, r]));
            for (const room of input.rooms) {
              if (room.id !== undefined && !byId.has(room.id)) throw notFound(ROOM_MISSING);
            }
            const kept = new Set(input.rooms.map((r) => r.id));
            for (const room of rooms.filter((r) => !kept.has(r.id))) {
              if (room.issued > 0) throw conflict(`考场“${room.name}”已发放准考证，不能删除`);
              await clearUnissued(tx, companyId, plan.id, stage, room.id);
              await tx.execute(sql`delete from exam_room where company_id = ${companyId} and id = ${room.id}`);
            }
            const changed = input.rooms.filter((r) => r.id !== undefined && (byId.get(r.id)!.name !== r.name || byId.get(r.id)!.seats !== r.seats));
            for (const room of changed) {
              const old = byId.get(room.id!)!;
              if (old.maxIssuedSeat !== null && room.seats < old.maxIssuedSeat) {
                throw conflict(`考场“${old.name}”已发放准考证的最大座位号为 ${old.maxIssuedSeat}，座位数不能少于 ${old.maxIssuedSeat}`);
              }
              if (room.seats !== old.seats) await clearUnissued(tx, companyId, plan.id, stage, old.id);
              // A temporary name first, so that two rooms can swap names without meeting in the unique index.
              await tx.execute(sql`update exam_room set name = ${`~${old.id}`} where company_id = ${companyId} and id = ${old.id}`);
            }
            for (const room of changed) {
              await tx.execute(sql`update exam_room set name = ${room.name}, seats = ${room.seats} where company_id = ${companyId} and id = ${room.id!}`);
            }
            const added = input.rooms.filter((r) => r.id === undefined);
            if (added.length > 0) {
              const remaining = rooms.filter((r) => kept.has(r.id));
              const next = Math.max(0, ...remaining.map((r) => r.sort)) + 1;
              const values = added.map((r, i) => ({ sort: next + i, name: r.name, seats: r.seats }));
              await tx.execute(sql`insert into exam_room (company_id, plan_id, stage, sort, name, seats)
                select ${companyId}, ${plan.id}, ${stage}, x.sort, x.name, x.seats
                from json_to_recordset(${JSON.stringify(values)}::json) as x(sort int, name text, seats int)`);
            }
          }),
        { unique: conflict('考场名称不能重复') },
      );
      return sessionView(db, companyId, plan, stage);
    },
    { successMsg: '保存成功' },
  );

  defineRoute(app, assignSeats, async ({ input, session }) => {
    const { companyId } = session;
    const stage = input.type;
    const plan = await stagePlan(db, session, input.planId, stage);
    return db.transaction(async (tx) => {
      const exam = await lockSession(tx, companyId, plan.id, stage);
      const rooms = await roomsOf(tx, companyId, plan.id, stage);
      if (rooms.length === 0) throw badRequest('请先设置考场');
      const taken = await rowsOf<{ roomId: number; seat: number }>(
        tx,
        sql`select room_id as "roomId", seat from application_stage
          where company_id = ${companyId} and plan_id = ${plan.id} and stage = ${stage} and issued_at is not null`,
      );
      const takenSeats = new Set(taken.map((t) => `${t.roomId}:${t.seat}`));
      const freeSeats: FreeSeat[] = rooms.flatMap((room) =>
        Array.from({ length: room.seats }, (_, i) => ({ roomId: room.id, seat: i + 1 })).filter((s) => !takenSeats.has(`${s.roomId}:${s.seat}`)),
      );
      const candidates = await rowsOf<{ id: number; recruitmentId: number }>(
        tx,
        sql`select a.id, a.recruitment_id as "recruitmentId"
          from candidate_application a
          join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
          left join application_stage s on s.company_id = a.company_id and s.application_id = a.id and s.stage = ${stage}
          where a.company_id = ${companyId} and a.plan_id = ${plan.id} and a.status = ${OPEN_STATUS[stage]}
            and r.cancelled_at is null and s.issued_at is null and not ${gaveUpOf(stage)}
          order by a.id`,
      );
      if (candidates.length > freeSeats.length) throw conflict(`考场座位不足：需要 ${candidates.length} 个座位，现有 ${freeSeats.length} 个`);
      const seed = input.seed ?? randomInt(0, 2_147_483_647);
      const { seating, sameNeighbours } = seatCandidates(candidates, freeSeats, seed);
      const roomById = new Map(rooms.map((r) => [r.id, r]));
      const year = Number(toChinaDateTime(examTimeOf(plan, stage)).slice(0, 4));
      const rows = seating.map((s) => {
        const room = roomById.get(s.roomId)!;
        return {
          id: s.id,
          recruitmentId: s.recruitmentId,
          roomId: s.roomId,
          seat: s.seat,
          code: ticketCode(exam.codePattern, { year, planId: plan.id, stage, roomSort: room.sort, seat: s.seat, roomSeats: room.seats }),
        };
      });
      await clearUnissued(tx, companyId, plan.id, stage);
      if (rows.length > 0) {
        await tx.execute(sql`insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, room_id, seat, ticket_code)
          select ${companyId}, x.id, ${stage}, ${plan.id}, x."recruitmentId", x."roomId", x.seat, x.code
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(id int, "recruitmentId" int, "roomId" int, seat int, code text)
          on conflict (application_id, stage) do update
            set room_id = excluded.room_id, seat = excluded.seat, ticket_code = excluded.ticket_code, recruitment_id = excluded.recruitment_id`);
      }
      await tx.execute(sql`update exam_session set seed = ${seed}, seated_at = now(), updated_at = now() where id = ${exam.id}`);
      return { seed, seated: rows.length, sameNeighbours };
    });
  });

  defineRoute(app, admissionTicketPage, async ({ input, session }) => {
    const { companyId } = session;
    const stage = input.type;
    const plan = await stagePlan(db, session, input.planId, stage);
    await checkPost(db, companyId, plan.id, input.recruitmentId);
    await checkRoom(db, companyId, plan.id, stage, input.roomId);
    const filter = { ...input, companyId, stage, planId: plan.id };
    const from = ticketListFrom(filter);
    const total = await ticketListTotal(db, filter);
    const list = await rowsOf<Omit<TicketRow, 'issuedAt'> & { issuedAt: Date | string | null }>(
      db,
      sql`select a.id as "applicationId", a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy", a.real_name as "realName",
          a.identity_no as "identityNo", a.status, s.room_id as "roomId", rm.name as "roomName", s.seat, s.ticket_code as "ticketCode",
          s.issued_at as "issuedAt"
        ${from}
        order by rm.sort nulls last, s.seat nulls last, a.id
        limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}`,
    );
    return {
      total,
      list: list.map((row) => ({ ...row, issuedAt: row.issuedAt === null ? null : new Date(row.issuedAt).toISOString() })),
    };
  });

  defineRoute(app, batchUpdateAdmissionTicket, async ({ input, session }) => {
    const { companyId } = session;
    const stage = input.type;
    const plan = await stagePlan(db, session, input.planId, stage);
    await checkPost(db, companyId, plan.id, input.recruitmentId);
    // The exams start once sign-up is closed (for good), so nobody enters the stage after its tickets.
    if ((await signUpClosingOf(db, companyId, plan.id)) === null) throw conflict(STAGE_CLOSED_MESSAGES.tickets);
    if (input.ids) {
      const ids = await checkApplications(db, companyId, plan.id, input.ids);
      return db.transaction((tx) => issueTickets(tx, session, plan, stage, ids));
    }
    const seated = await rowsOf<{ id: number }>(
      db,
      sql`select s.application_id as id from application_stage s
        join exam_room rm on rm.id = s.room_id and rm.company_id = s.company_id
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        where s.company_id = ${companyId} and s.plan_id = ${plan.id} and s.stage = ${stage} and s.issued_at is null and not ${gaveUpOf(stage)}
          ${input.recruitmentId === undefined ? sql`` : sql`and s.recruitment_id = ${input.recruitmentId}`}
        order by rm.sort, s.seat`,
    );
    const result: ExamBatchResult = { done: 0, refused: [] };
    for (let i = 0; i < seated.length; i += EXAM_BATCH_MAX) {
      const chunk = seated.slice(i, i + EXAM_BATCH_MAX).map((row) => row.id);
      const part = await db.transaction((tx) => issueTickets(tx, session, plan, stage, chunk));
      result.done += part.done;
      result.refused.push(...part.refused);
    }
    return result;
  });

  defineRoute(app, startPrintJob, async ({ input, session, request }) => {
    const { companyId } = session;
    const stage = input.type;
    const plan = await stagePlan(db, session, input.planId, stage);
    await checkRoom(db, companyId, plan.id, stage, input.roomId);
    const ids = input.ids ? await checkApplications(db, companyId, plan.id, input.ids) : undefined;
    const rows = await printRows(db, companyId, plan.id, stage, { roomId: input.roomId, ids });
    if (rows.length === 0) throw badRequest('没有已发放的准考证可打印');
    const roomPart = input.roomId === undefined ? '' : `-${rows[0]!.roomName}`;
    // One candidate's ticket is named after the candidate (笔试准考证-张三.pdf).
    const fileName =
      input.kind === 'tickets' && rows.length === 1
        ? ticketFileName(stage, rows[0]!.realName)
        : `${plan.name}-${EXAM_STAGES[stage]}${PRINT_KINDS[input.kind]}${roomPart}.pdf`;
    const params: PrintParams = {
      planId: plan.id,
      stage,
      kind: input.kind,
      roomId: input.roomId,
      ids,
      origin: publicOrigin(app.deps.config, request),
      fileName,
    };
    // A 后台任务: the PDF is made by a worker (progress in the job) while the client polls printJobStatus or the job list.
    const jobId = await jobs.create(db, {
      companyId,
      createdBy: session.userId,
      kind: 'print',
      title: printJobTitle(plan.name, stage, input.kind, input.roomId === undefined ? undefined : rows[0]!.roomName),
      params: { ...params },
      total: printCount(input.kind, rows),
    });
    return { jobId };
  });

  /** The company's print job (another company's is as good as missing), for someone who may print its stage. */
  const companyJob = async (session: Session, jobId: string) => {
    const job = await jobOf(db, jobId, { companyId: session.companyId }, 'print');
    if (!job) throw notFound(JOB_MISSING);
    requireStage(session, (job.params as unknown as PrintParams).stage);
    return job;
  };

  defineRoute(app, printJobStatus, async ({ input, session }) => viewOf(await companyJob(session, input.jobId)));

  defineFileRoute(app, downloadPrintJob, async ({ input, session }) => {
    const job = await companyJob(session, input.jobId);
    const file = job.status === 'done' && job.resultFileKey ? await storage.read(job.resultFileKey) : null;
    if (!file) throw notFound(JOB_MISSING);
    return { fileName: job.resultFileName ?? (job.params as unknown as PrintParams).fileName, contentType: 'application/pdf', body: file };
  });

  defineRoute(app, verifyAdmissionTicket, async ({ input }) => {
    const [row] = await rowsOf<{
      companyName: string;
      planName: string;
      stage: number;
      jobVacancy: string;
      realName: string;
      identityNo: string;
      ticketCode: string;
      roomName: string;
      seat: number;
      writtenStartDate: Date | string;
      auditionStartDate: Date | string;
      writtenExamAddress: string;
      auditionExamAddress: string;
    }>(
      db,
      sql`select c.name as "companyName", p.name as "planName", s.stage, r.job_vacancy as "jobVacancy", a.real_name as "realName",
          a.identity_no as "identityNo", s.ticket_code as "ticketCode", rm.name as "roomName", s.seat,
          p.written_start_date as "writtenStartDate", p.audition_start_date as "auditionStartDate",
          p.written_exam_address as "writtenExamAddress", p.audition_exam_address as "auditionExamAddress"
        from application_stage s
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        join recruitment_plan p on p.id = s.plan_id and p.company_id = s.company_id
        join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
        join exam_room rm on rm.id = s.room_id and rm.company_id = s.company_id
        join company c on c.id = s.company_id
        where s.verify_token = ${input.token} and s.issued_at is not null`,
    );
    if (!row) return { genuine: false as const };
    const written = Number(row.stage) === WRITTEN_STAGE;
    return {
      genuine: true as const,
      companyName: row.companyName,
      planName: row.planName,
      stageName: EXAM_STAGES[written ? WRITTEN_STAGE : INTERVIEW_STAGE],
      jobVacancy: row.jobVacancy,
      maskedName: maskName(row.realName),
      maskedIdentityNo: maskIdentityNo(row.identityNo),
      ticketCode: row.ticketCode,
      roomName: row.roomName,
      seat: row.seat,
      examTime: toChinaDateTime(new Date(written ? row.writtenStartDate : row.auditionStartDate)),
      examAddress: written ? row.writtenExamAddress : row.auditionExamAddress,
    };
  });
}
