import {
  DUPLICATE_KINDS, REVIEW_EXPORT_SHEETS, type ReviewExportSheet, STAGE_OPEN_STATUSES, TASK_STATUS,
  type WaitAuditRow, type WorkflowStage, exportAuditList, exportDuplicateGroups, exportWaitAuditList,
  toChinaDateTime,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineFileRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { XLSX_BATCH, type XlsxField, batches, fieldSheet, xlsxStream } from '../../shared/xlsx.js';
import {
  type Applicant, createdAtField, identityFields, numberField, personFields, statusField, withApplicants,
} from './export-data.js';
import { duplicateGroups } from './duplicates.js';
import { auditListSql, waitAuditSql } from './audit-lists.js';
import { PLAN_MISSING } from '../pipeline/index.js';


interface AuditDbRow {
  id: number;
  status: number;
  taskId: number | null;
  workItem: string | null;
  taskStatus: number | null;
}

interface TaskCell {
  status: number;
  staffName: string;
  verifiedAt: string | Date | null;
  remarks: string;
}

/** A list row with its applicant and, for 资格审查表, the stage's tasks by work item. */
interface Entry<R> {
  row: R;
  applicant: Applicant;
  tasks?: Map<string, TaskCell>;
}

/** The names of the stage's work items of the plan (or of all the company's plans), in their order. */
async function workItemNames(db: Db, companyId: number, stage: WorkflowStage, planId: number | undefined) {
  const rows = await rowsOf<{ workItem: string }>(
    db,
    sql`select work_item as "workItem" from workflow_item
      where company_id = ${companyId} and stage = ${stage} ${planId === undefined ? sql`` : sql`and plan_id = ${planId}`}
      group by work_item order by min(sort), min(id)`,
  );
  return rows.map((r) => r.workItem);
}

/** The stage's tasks of the applications `ids`: who decided (or is to decide), how, when and why. */
async function tasksOf(db: Db, companyId: number, stage: WorkflowStage, ids: number[]) {
  const rows = await rowsOf<TaskCell & { applicationId: number; workItem: string }>(
    db,
    sql`select t.application_id as "applicationId", i.work_item as "workItem", t.status, coalesce(v.name, s.name) as "staffName",
        t.verified_at as "verifiedAt", t.remarks
      from application_task t
      join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
      join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
      left join staff_user v on v.id = t.verifier_id and v.company_id = t.company_id
      where t.company_id = ${companyId} and i.stage = ${stage} and t.application_id = any(${idArray(ids)})
      order by i.sort, i.id`,
  );
  const byApplication = new Map<number, Map<string, TaskCell>>();
  for (const r of rows) {
    const tasks = byApplication.get(r.applicationId) ?? new Map<string, TaskCell>();
    tasks.set(r.workItem, { status: Number(r.status), staffName: r.staffName, verifiedAt: r.verifiedAt, remarks: r.remarks });
    byApplication.set(r.applicationId, tasks);
  }
  return byApplication;
}

/** Each batch of list rows with its applicants, and with the stage's tasks when the sheet is 资格审查表. */
async function* entriesOf<R>(
  db: Db,
  companyId: number,
  rows: AsyncIterable<readonly R[]>,
  idOf: (row: R) => number,
  tasksOfStage?: WorkflowStage,
): AsyncIterable<Entry<R>[]> {
  for await (const batch of rows) {
    const entries: Entry<R>[] = await withApplicants(db, companyId, batch, idOf);
    if (tasksOfStage !== undefined) {
      const tasks = await tasksOf(db, companyId, tasksOfStage, entries.map((e) => e.applicant.id));
      for (const e of entries) e.tasks = tasks.get(e.applicant.id);
    }
    yield entries;
  }
}

/** A task's decision in words: 通过, 不通过, 待审核 (its turn may come) or 未审核 (the application left the stage first). */
function decisionOf(task: TaskCell | undefined, stageOpen: boolean): string {
  if (!task) return '';
  if (task.status === TASK_STATUS.passed) return '通过';
  if (task.status === TASK_STATUS.failed) return '不通过';
  return stageOpen ? '待审核' : '未审核';
}

/** 资格审查表's columns of each work item: result, reviewer, time and opinion. */
function workItemFields<R>(names: string[], stage: WorkflowStage): XlsxField<Entry<R>>[] {
  const open = (e: Entry<R>) => (STAGE_OPEN_STATUSES[stage] as readonly number[]).includes(e.applicant.status);
  return names.flatMap((name) => {
    const task = (e: Entry<R>) => e.tasks?.get(name);
    return [
      { header: `${name}结果`, width: 10, value: (e: Entry<R>) => decisionOf(task(e), open(e)) },
      { header: `${name}审核人`, width: 10, value: (e: Entry<R>) => task(e)?.staffName ?? '' },
      {
        header: `${name}审核时间`,
        width: 17,
        value: (e: Entry<R>) => {
          const at = task(e)?.verifiedAt;
          return at ? toChinaDateTime(new Date(at)) : '';
        },
      },
      { header: `${name}意见`, width: 30, value: (e: Entry<R>) => task(e)?.remarks ?? '' },
    ];
  });
}

/** 资格审查表's columns of the applicant: who, and their education. */
const reviewPersonFields = <R>(): XlsxField<Entry<R>>[] => [
  ...identityFields<R>(),
  { header: '学历', width: 8, value: (e) => e.applicant.education },
  { header: '毕业院校', width: 22, value: (e) => e.applicant.schools },
  { header: '所学专业', width: 20, value: (e) => e.applicant.majors },
];

export function examineExportRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineFileRoute(app, exportAuditList, async ({ input, session }) => {
    const companyId = session.companyId;
    const filter = { ...input, stage: input.type, companyId, staffId: session.userId };
    const [found] = await rowsOf<{ planFound: boolean; postFound: boolean }>(db, auditListSql({ ...filter, pageNum: 1, pageSize: 1 }).count);
    if (!found?.planFound) throw notFound(PLAN_MISSING);
    if (!found.postFound) throw notFound('岗位不存在');
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const review = input.sheet === 'review';
    const names = review ? await workItemNames(db, companyId, input.type, plan.id) : [];
    const rows = batches((page) => rowsOf<AuditDbRow>(db, auditListSql({ ...filter, ...page }).page));
    // The work item being decided now, as the list shows it.
    const current = (e: Entry<AuditDbRow>) =>
      (STAGE_OPEN_STATUSES[input.type] as readonly number[]).includes(e.applicant.status) &&
      e.row.taskId !== null &&
      Number(e.row.taskStatus) === TASK_STATUS.pending
        ? (e.row.workItem ?? '')
        : '';
    const currentField: XlsxField<Entry<AuditDbRow>> = { header: '当前环节', width: 12, value: current };
    const fields: XlsxField<Entry<AuditDbRow>>[] = review
      ? [numberField(), ...reviewPersonFields(), ...workItemFields(names, input.type), statusField(), currentField]
      : [numberField(), ...identityFields(), ...personFields(), statusField(), currentField, createdAtField()];
    const title = REVIEW_EXPORT_SHEETS[input.sheet];
    return xlsxStream(`${plan.name}${title}.xlsx`, [
      fieldSheet(title, fields, entriesOf(db, companyId, rows, (r) => r.id, review ? input.type : undefined)),
    ]);
  });

  defineFileRoute(app, exportWaitAuditList, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = input.planId === undefined ? undefined : await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const review = input.sheet === 'review';
    const names = review ? await workItemNames(db, companyId, input.type, plan?.id) : [];
    const rows = batches((page) =>
      rowsOf<WaitAuditRow>(db, waitAuditSql({ ...input, ...page, stage: input.type, companyId, staffId: session.userId }).page),
    );
    const itemField: XlsxField<Entry<WaitAuditRow>> = { header: '审核环节', width: 12, value: (e) => e.row.workItem };
    const fields: XlsxField<Entry<WaitAuditRow>>[] = review
      ? [numberField(), ...reviewPersonFields(), ...workItemFields(names, input.type), statusField(), itemField]
      : [numberField(), itemField, ...identityFields(), ...personFields(), statusField(), createdAtField()];
    const title = REVIEW_EXPORT_SHEETS[input.sheet satisfies ReviewExportSheet];
    return xlsxStream(`${plan?.name ?? ''}待审核${title}.xlsx`, [
      fieldSheet(title, fields, entriesOf(db, companyId, rows, (r) => r.applicationId, review ? input.type : undefined)),
    ]);
  });

  defineFileRoute(app, exportDuplicateGroups, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = input.planId === undefined ? undefined : await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const groups = await duplicateGroups(db, companyId, input.planId);
    const members = groups.flatMap((group, i) => group.members.map((member) => ({ group: i + 1, kind: group.kind, reason: group.reason, member })));
    type Member = (typeof members)[number];
    async function* chunks() {
      for (let start = 0; start < members.length; start += XLSX_BATCH) yield members.slice(start, start + XLSX_BATCH);
    }
    const fields: XlsxField<Entry<Member>>[] = [
      { header: '组号', width: 6, value: (e) => e.row.group },
      { header: '疑似类型', width: 20, value: (e) => DUPLICATE_KINDS[e.row.kind] },
      { header: '原因', width: 50, value: (e) => e.row.reason },
      ...identityFields<Member>(),
      { header: '出生日期', width: 11, value: (e) => e.row.member.birthday },
      { header: '学历', width: 8, value: (e) => e.applicant.education },
      { header: '毕业院校', width: 22, value: (e) => e.applicant.schools },
      statusField(),
      createdAtField(),
    ];
    return xlsxStream(`${plan?.name ?? ''}应聘查重.xlsx`, [
      fieldSheet('应聘查重', fields, entriesOf(db, companyId, chunks(), (m) => m.member.applicationId)),
    ]);
  });
}
