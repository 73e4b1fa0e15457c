import { EXAM_STAGES, type ExamStage, PRINT_KINDS, type PrintKind, WRITTEN_STAGE, toChinaDateTime } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { recruitmentPlan } from '../../../db/tables.js';
import { SEX_NAMES } from '../../../shared/masks.js';
import { createPdf, storedImageOf } from '../../../shared/pdf.js';
import { inList, rowsOf } from '../../../shared/sql.js';
import type { FileStorage } from '../../../shared/storage.js';
import { type PrintHeader, type RoomPrint, TicketWriter, addDoorLabel, addSignInSheet, examPeriod } from './pdf.js';

/** What the back office prints for a stage (tickets, door labels, sign-in sheets), and one candidate's own ticket. */

type Plan = typeof recruitmentPlan.$inferSelect;

export const examTimeOf = (plan: Plan, stage: ExamStage) => (stage === WRITTEN_STAGE ? plan.writtenStartDate : plan.auditionStartDate);
export const examAddressOf = (plan: Plan, stage: ExamStage) => (stage === WRITTEN_STAGE ? plan.writtenExamAddress : plan.auditionExamAddress);

/** What every page of the stage's prints shows about the exam: the plan's time and place, the session's subject and notes. */
export async function printHeaderOf(db: Db, companyId: number, plan: Plan, stage: ExamStage): Promise<PrintHeader> {
  const [exam] = await rowsOf<{ notes: string; subject: string; endTime: string }>(
    db,
    sql`select notes, subject, end_time as "endTime" from exam_session where company_id = ${companyId} and plan_id = ${plan.id} and stage = ${stage}`,
  );
  return {
    planName: plan.name,
    stageName: EXAM_STAGES[stage],
    subject: exam?.subject || EXAM_STAGES[stage],
    examTime: examPeriod(toChinaDateTime(examTimeOf(plan, stage)), exam?.endTime ?? ''),
    examAddress: examAddressOf(plan, stage),
    notes: exam?.notes ?? '',
  };
}

export interface PrintRow {
  applicationId: number;
  roomId: number;
  roomName: string;
  seat: number;
  ticketCode: string;
  verifyToken: string;
  realName: string;
  identityNo: string;
  sex: string;
  jobVacancy: string;
  photoUrl: string;
}

/** The issued tickets to print, by room and seat. */
export const printRows = (db: Db, companyId: number, planId: number, stage: ExamStage, filter: { roomId?: number; ids?: number[] }) =>
  rowsOf<PrintRow>(
    db,
    sql`select s.application_id as "applicationId", s.room_id as "roomId", rm.name as "roomName", s.seat, s.ticket_code as "ticketCode",
        s.verify_token as "verifyToken", a.real_name as "realName", a.identity_no as "identityNo",
        coalesce(ar.sex, tl.sex, '') as sex, r.job_vacancy as "jobVacancy", coalesce(ar.certificate_image, '') as "photoUrl"
      from application_stage s
      join exam_room rm on rm.id = s.room_id and rm.company_id = s.company_id
      join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
      left join talent tl on tl.id = a.talent_id
      where s.company_id = ${companyId} and s.plan_id = ${planId} and s.stage = ${stage} and s.issued_at is not null
        ${filter.roomId === undefined ? sql`` : sql`and s.room_id = ${filter.roomId}`}
        ${filter.ids === undefined ? sql`` : sql`and s.application_id in (${inList(filter.ids)})`}
      order by rm.sort, s.seat`,
  );

function groupByRoom(rows: PrintRow[]): PrintRow[][] {
  const rooms = new Map<number, PrintRow[]>();
  for (const row of rows) {
    const room = rooms.get(row.roomId);
    if (room) room.push(row);
    else rooms.set(row.roomId, [row]);
  }
  return [...rooms.values()];
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders the print room by room, yielding between tickets so that the server keeps answering; progress counts printCount's units. */
export async function renderPrint(
  storage: FileStorage,
  kind: PrintKind,
  header: PrintHeader,
  rows: PrintRow[],
  origin: string,
  progress: (done: number) => void,
): Promise<Buffer> {
  const pdf = createPdf(`${header.planName} ${header.stageName}${PRINT_KINDS[kind]}`);
  const tickets = new TicketWriter(pdf.doc, header);
  let done = 0;
  for (const room of groupByRoom(rows)) {
    if (kind === 'tickets') {
      const photos = await Promise.all(room.map((row) => storedImageOf(storage, row.photoUrl)));
      for (const [i, row] of room.entries()) {
        tickets.add({
          realName: row.realName,
          sex: SEX_NAMES[row.sex] ?? '',
          identityNo: row.identityNo,
          jobVacancy: row.jobVacancy,
          ticketCode: row.ticketCode,
          roomName: row.roomName,
          seat: row.seat,
          photo: photos[i]!,
          verifyUrl: `${origin}/ticketVerify?token=${row.verifyToken}`,
        });
        progress(++done);
        if (done % 25 === 0) await nextTick();
      }
    } else if (kind === 'doorLabels') {
      addDoorLabel(pdf.doc, header, { roomName: room[0]!.roomName, seats: room.map((row) => ({ ...row, photo: null })) });
      progress(++done);
      await nextTick();
    } else {
      const photos = await Promise.all(room.map((row) => storedImageOf(storage, row.photoUrl)));
      const print: RoomPrint = { roomName: room[0]!.roomName, seats: room.map((row, i) => ({ ...row, photo: photos[i]! })) };
      addSignInSheet(pdf.doc, header, print);
      progress(++done);
      await nextTick();
    }
  }
  return pdf.finish();
}


/**
 * The issued ticket of one application for the stage, as the back office prints it (笔试准考证-张三.pdf); null when
 * its ticket is not issued.
 */
export async function applicationTicketPdf(db: Db, storage: FileStorage, plan: Plan, stage: ExamStage, applicationId: number, origin: string) {
  const rows = await printRows(db, plan.companyId, plan.id, stage, { ids: [applicationId] });
  if (rows.length === 0) return null;
  const header = await printHeaderOf(db, plan.companyId, plan, stage);
  return {
    fileName: ticketFileName(stage, rows[0]!.realName),
    body: await renderPrint(storage, 'tickets', header, rows, origin, () => undefined),
  };
}

/** One candidate's ticket is named after the candidate. */
export const ticketFileName = (stage: ExamStage, realName: string) => `${EXAM_STAGES[stage]}${PRINT_KINDS.tickets}-${realName}.pdf`;
