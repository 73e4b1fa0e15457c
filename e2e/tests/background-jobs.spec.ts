import type { APIRequestContext, Page } from '@playwright/test';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { api, main } from './exam-support';
import { MAIN_PORT } from '../servers';
import { MAIN_URL, PASSWORD, choosePlan, expect, expectAccessible, openFromSideMenu, openFromUserMenu, signIn, test } from './support';

/**
 * 后台任务 (issue 26): a 50,000-row score import, the export of those 50,000 scores and a 1,000-ticket PDF run as jobs. The page that starts one shows its
 * progress bar; the user closes it and works on another page meanwhile; the header's 任务 list shows the job going on
 * and its result when done (the import's count, the PDF's download), and a notice says it ended.
 *
 * The data are the subordinate unit's (株洲分公司, whose pages no other story reads): its two plans and 51,000
 * applications are written in SQL into the server's PostgreSQL (TEST_DATABASE_URL), as bench/scores.mjs writes its
 * own — through the API they would take hours; the rest goes through the API: 关闭报名, the rooms, the seating and the
 * 1,000 tickets.
 */
const ZHUZHOU = { loginAccount: 'zhuzhou', name: '周婷' };
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const IMPORT_PLAN = `后台导入计划${stamp}`;
const PRINT_PLAN = `后台打印计划${stamp}`;
const IMPORT_ROWS = 50_000;
const TICKETS = 1_000;

test.describe.configure({ mode: 'serial' });
test.skip(!process.env.TEST_DATABASE_URL, 'the 51,000 applications are written into the server’s PostgreSQL database (TEST_DATABASE_URL)');

const databaseUrl = () => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/zhaokao_e2e_${MAIN_PORT}`;
  return url.toString();
};

/** A plan of the unit with one post of `count` applications at `status`; at 21 their written tickets are issued. */
async function insertPlan(db: pg.Client, name: string, count: number, status: 20 | 21) {
  const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const [unit] = await q<{ companyId: number; staffId: number }>(
    `select company_id as "companyId", id as "staffId" from staff_user where login_account = $1`,
    [ZHUZHOU.loginAccount],
  );
  const { companyId, staffId } = unit!;
  const [plan] = await q<{ id: number }>(
    `insert into recruitment_plan (company_id, name, sign_up_start_date, sign_up_end_date, written_start_date, audition_start_date, status,
       written_exam_address, audition_exam_address, interview_entry_ratio)
     values ($1, $2, now() - interval '30 days', now() - interval '20 days', now() + interval '10 days', now() + interval '20 days', 'published',
       '株洲市第一中学', '株洲市人力资源大厦', 3)
     returning id`,
    [companyId, name],
  );
  const planId = plan!.id;
  const [post] = await q<{ id: number }>(`insert into recruitment_info (company_id, plan_id, job_vacancy, places) values ($1, $2, '综合岗', 10) returning id`, [companyId, planId]);
  await q(
    `insert into workflow_item (company_id, plan_id, stage, sort, work_item, kind, assignee_id)
     values ($1, $2, 1, 1, '资格审核', 'verify', $3), ($1, $2, 2, 2, '笔试成绩录入', 'score', $3), ($1, $2, 3, 3, '面试评分', 'score', $3)`,
    [companyId, planId, staffId],
  );
  const prefix = `Z${stamp}${status}`;
  await q(
    `insert into talent (real_name, sex, birthday, identity_no, phone)
     select '考生' || g, '1', date '1996-01-01', $2 || lpad(g::text, 9, '0'), '136' || lpad(g::text, 8, '0') from generate_series(1, $1::int) g`,
    [count, prefix],
  );
  await q(
    `insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone)
     select $1, $2, $3, t.id, $4, t.real_name, t.identity_no, t.phone from talent t where t.identity_no like $5 || '%'`,
    [companyId, planId, post!.id, status, prefix],
  );
  if (status === 21) {
    await q(
      `insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, ticket_code, issued_at)
       select a.company_id, a.id, 2, a.plan_id, a.recruitment_id, $2 || lpad(a.id::text, 8, '0'), now() from candidate_application a where a.plan_id = $1`,
      [planId, `ZK${stamp}`],
    );
  }
  await q(
    `insert into application_task (company_id, application_id, workflow_item_id, status)
     select a.company_id, a.id, i.id, 0 from candidate_application a join workflow_item i on i.plan_id = a.plan_id and i.stage = 2 and i.kind = 'score'
     where a.plan_id = $1`,
    [planId],
  );
  return planId;
}

/** The import plan's tickets and names, each with a score (every 97th 缺考), as the template's rows. */
async function scoreSheet(db: pg.Client, planId: number): Promise<Buffer> {
  const rows = (
    await db.query(
      `select s.ticket_code as "ticketCode", a.real_name as "realName" from application_stage s
       join candidate_application a on a.id = s.application_id where s.plan_id = $1 and s.stage = 2 order by s.ticket_code`,
      [planId],
    )
  ).rows as { ticketCode: string; realName: string }[];
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(['准考证号', '姓名', '岗位', '成绩']).commit();
  for (const [k, row] of rows.entries()) sheet.addRow([row.ticketCode, row.realName, '综合岗', k % 97 === 0 ? '缺考' : 50 + (k % 50)]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

let importPlanId: number;
let sheet: Buffer;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(600_000);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  let printPlanId: number;
  try {
    // the unit's administrator as if they had replaced the initial password already
    await db.query(`update staff_user set password_must_change = false where login_account = $1`, [ZHUZHOU.loginAccount]);
    await db.query('begin');
    importPlanId = await insertPlan(db, IMPORT_PLAN, IMPORT_ROWS, 21);
    printPlanId = await insertPlan(db, PRINT_PLAN, TICKETS, 20);
    await db.query('commit');
    for (const table of ['talent', 'candidate_application', 'application_stage', 'application_task']) await db.query(`analyze ${table}`);
    sheet = await scoreSheet(db, importPlanId);
  } finally {
    await db.end();
  }
  const request: APIRequestContext = await playwright.request.newContext();
  try {
    await api(request, '/app/company/companyLogin', { loginAccount: ZHUZHOU.loginAccount, password: PASSWORD });
    for (const planId of [importPlanId, printPlanId]) await api(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${planId}`);
    const rooms = Array.from({ length: 5 }, (_, k) => ({ name: `第${k + 1}考场`, seats: 200 }));
    await api(request, '/recruitment/admissionTicket/saveSetting', { planId: printPlanId, type: 2, rooms });
    await api(request, '/recruitment/admissionTicket/assignSeats', { planId: printPlanId, type: 2, seed: 26 });
    const issued = await api<{ done: number }>(request, '/recruitment/batchUpdateAdmissionTicket', { planId: printPlanId, type: 2 });
    expect(issued.done).toBe(TICKETS);
  } finally {
    await request.dispose();
  }
});

const jobsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^任务/ });
const jobsDrawer = (page: Page) => page.getByRole('dialog', { name: '任务' });

/** Somewhere else in the app while the job runs: 个人中心, from the user menu, as a person would go on with other work. */
async function workElsewhere(page: Page) {
  await openFromUserMenu(page, '个人中心');
  await expect(page).toHaveTitle(/^个人中心 - /);
}

test('a 50,000-row score import saves in the background with progress while the user works on another page', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await signIn(page, ZHUZHOU);
  await openFromSideMenu(page, '笔试管理', '笔试成绩录入与审核');
  await choosePlan(page, IMPORT_PLAN);
  await main(page).getByRole('button', { name: '导入成绩' }).click();
  const importing = page.getByRole('dialog', { name: '导入笔试成绩' });
  await importing.locator('input[type=file]').setInputFiles({ name: '成绩.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheet });
  await expect(importing.getByRole('region', { name: '检查结果' })).toContainText(`检查无误：可保存 ${IMPORT_ROWS} 条成绩`, { timeout: 120_000 });
  await importing.getByRole('button', { name: '保存' }).click();

  // The job's progress in the dialog: a bar and the rows saved so far.
  const saving = importing.getByRole('region', { name: '保存进度' });
  await expect(saving.getByRole('progressbar')).toBeVisible();
  await expect(saving).toContainText(/正在保存：\d+ \/ 50000|正在检查/, { timeout: 60_000 });
  await expect(saving).toContainText('可以关闭此窗口继续其他工作');
  await page.screenshot({ path: testInfo.outputPath('import-progress.png') });

  // Closed, and on to another page: the header's 任务 shows the job going on.
  await importing.getByRole('button', { name: '关闭' }).last().click();
  await expect(importing).toBeHidden();
  await workElsewhere(page);
  await expect(jobsButton(page)).toHaveAccessibleName('任务1个进行中');
  await jobsButton(page).click();
  const job = jobsDrawer(page).getByRole('listitem', { name: `导入笔试成绩：${IMPORT_PLAN}` });
  await expect(job.getByRole('progressbar')).toBeVisible();
  // the bar moves: some of the rows are saved, not all
  await expect(job).toContainText(/正在保存：[1-9]\d* \/ 50000/, { timeout: 120_000 });
  await page.screenshot({ path: testInfo.outputPath('import-drawer.png') });
  await expectAccessible(page, '任务抽屉：导入进行中');
  await page.keyboard.press('Escape');
  await expect(jobsDrawer(page)).toBeHidden();

  // The notice that it is done, on whatever page is open; the list keeps the result.
  await expect(page.getByText('任务已完成')).toBeVisible({ timeout: 300_000 });
  await expect(jobsButton(page)).toHaveAccessibleName('任务');
  await jobsButton(page).click();
  await expect(job).toContainText(`已保存 ${IMPORT_ROWS} 条成绩`);
  await expect(job).toContainText('已完成');

  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const [{ n }] = (await db.query(`select count(*)::int as n from candidate_application where plan_id = $1 and status = 22`, [importPlanId])).rows;
    expect(n).toBe(IMPORT_ROWS);
  } finally {
    await db.end();
  }
});

test('the 50,000 imported scores exported, awaiting review: a list that long is made in the background and downloaded from 任务', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await signIn(page, ZHUZHOU);
  await openFromSideMenu(page, '笔试管理', '笔试成绩录入与审核');
  await choosePlan(page, IMPORT_PLAN);
  await expect(main(page).locator('.ant-pagination-total-text')).toContainText(/50,?000/);
  await main(page).getByRole('button', { name: '导出' }).click();
  await expect(page.getByText('数据较多，已转为后台任务导出，完成后可在右上角“任务”中下载')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('export-started.png') });

  await jobsButton(page).click();
  const job = jobsDrawer(page).getByRole('listitem', { name: '笔试面试名单：导出' });
  const fileName = `${IMPORT_PLAN}笔试成绩录入.xlsx`;
  await expect(job).toContainText(`已导出：${fileName}`, { timeout: 300_000 });
  await expectAccessible(page, '任务抽屉：导出已完成');
  const download = job.getByRole('link', { name: `下载 ${fileName}` });
  const file = await page.request.get(new URL((await download.getAttribute('href'))!, MAIN_URL).toString());
  expect(file.status()).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  const [rows] = workbook.worksheets;
  expect(rows!.getRow(1).getCell(1).text).toBe('序号');
  // the header and one row per imported score
  expect(rows!.actualRowCount).toBe(IMPORT_ROWS + 1);
});

test('a 1,000-ticket PDF is made in the background; the user works elsewhere and downloads it from 任务', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await signIn(page, ZHUZHOU);
  await openFromSideMenu(page, '笔试管理', '笔试准考证设置');
  await choosePlan(page, PRINT_PLAN);
  const tickets = main(page).locator('.ant-card').filter({ has: page.getByText('准考证', { exact: true }) });
  await tickets.getByRole('button', { name: '打印准考证' }).click();
  const printing = page.getByRole('dialog', { name: '打印准考证：全部考场' });
  await expect(printing.getByRole('progressbar')).toBeVisible();
  await expect(printing).toContainText(/正在生成：\d+ \/ 1000/, { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('print-progress.png') });
  await printing.getByRole('button', { name: '关闭' }).last().click();
  await expect(printing).toBeHidden();

  await workElsewhere(page);
  await jobsButton(page).click();
  const job = jobsDrawer(page).getByRole('listitem', { name: `打印笔试准考证：${PRINT_PLAN}` });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(job).toContainText(`已生成 ${TICKETS} 张准考证`, { timeout: 300_000 });
  await page.screenshot({ path: testInfo.outputPath('print-done-drawer.png') });
  await expectAccessible(page, '任务抽屉：打印已完成');
  const download = job.getByRole('link', { name: `下载 ${PRINT_PLAN}-笔试准考证.pdf` });
  const pdf = await page.request.get(new URL((await download.getAttribute('href'))!, MAIN_URL).toString());
  expect(pdf.status()).toBe(200);
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  // two tickets a page
  expect(body.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(TICKETS / 2);
});
