import { EXPORT_IN_BACKGROUND_PARAM, OPERATOR_TOKEN_HEADER } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, job } from '../../db/tables.js';
import { DEMO_OPERATOR } from '../../seed/seed.js';
import { EXPORT_STARTED_MESSAGE } from '../../shared/route.js';
import { DEMO_PASSWORD, expectError, useTestApp } from '../../test/app.js';
import { jobEnded } from '../../test/jobs.js';
import { readXlsx } from '../../test/xlsx.js';

const t = useTestApp();

/** The staff's sign-ins: a list no call of this test adds to. */
const SIGN_INS = '/api/admin/auditLog/export?kind=signIn';

const jobs = async () => (await t.db.select({ id: job.id }).from(job)).length;

/** The background export asked as a browser asks it, with the session cookie, from a page of `site` (Sec-Fetch-Site). */
const askedFrom = (site: string) =>
  t.app.inject({ method: 'GET', url: `${SIGN_INS}&${EXPORT_IN_BACKGROUND_PARAM}=1`, headers: { cookie: `Admin-Token=${t.admin}`, 'sec-fetch-site': site } });

const ended = (jobId: string, token = t.admin) => jobEnded(t, jobId, token, { tries: 300 });

describe('a list exported as a 后台任务 (background=1)', () => {
  it('answers the job at once, recorded as an export; the job’s file is the list the direct export gives', async () => {
    const asked = await t.get(`${SIGN_INS}&${EXPORT_IN_BACKGROUND_PARAM}=1`, t.admin);
    expect(asked.json()).toMatchObject({ code: 200, msg: EXPORT_STARTED_MESSAGE, data: { jobId: expect.any(String) } });
    const { jobId } = asked.json().data as { jobId: string };
    const recorded = await t.db.select().from(auditLog).where(eq(auditLog.requestId, String(asked.headers['x-request-id'])));
    expect(recorded).toMatchObject([{ kind: 'export', call: 'GET /admin/auditLog/export', actorId: t.adminId }]);

    const done = await ended(jobId);
    expect(done).toMatchObject({ kind: 'export', status: 'done', title: '操作日志：导出', fileName: '操作日志.xlsx', summary: '已导出：操作日志.xlsx' });
    const [fromJob] = await readXlsx(await t.get(done.fileUrl!, t.admin));
    const [direct] = await readXlsx(await t.get(SIGN_INS, t.admin));
    expect(fromJob!.lines.length).toBeGreaterThan(0);
    expect(fromJob).toEqual(direct);
  });

  it('is refused as the direct export is, making no job: a missing permission, bad filters', async () => {
    const before = await jobs();
    expectError(await t.get(`${SIGN_INS}&${EXPORT_IN_BACKGROUND_PARAM}=1`, t.shenhe), 403, '您没有执行该操作的权限');
    expectError(await t.get(`/api/admin/auditLog/export?kind=x&${EXPORT_IN_BACKGROUND_PARAM}=1`, t.admin), 400, '操作类型不正确');
    expect(await jobs()).toBe(before);
  });

  it('is refused when another site’s page asks it with the browser’s session cookie (a link, an image), making no job', async () => {
    const before = await jobs();
    for (const site of ['cross-site', 'same-site']) expectError(await askedFrom(site), 403, '请求来自其他网站，已拒绝');
    expect(await jobs()).toBe(before);
    expect((await askedFrom('same-origin')).json().code).toBe(200);
    expect(await jobs()).toBe(before + 1);
  });

  it('fails, saying so, when its creator may not export the list when it runs (the checks are made again then)', async () => {
    const asked = await t.get(`${SIGN_INS}&${EXPORT_IN_BACKGROUND_PARAM}=1`, t.admin);
    const { jobId } = asked.json().data as { jobId: string };
    await ended(jobId);
    // the same job run again for shenhe, who may not export the 操作日志
    const [row] = await t.db.select().from(job).where(eq(job.id, jobId));
    const again = await t.app.deps.jobs.create(t.db, { companyId: row!.companyId, createdBy: t.shenheId, kind: 'export', title: row!.title, params: row!.params });
    expect(await ended(again, t.shenhe)).toMatchObject({ status: 'failed', error: '您没有执行该操作的权限', fileUrl: null });
  });

  it('an operator’s export, which no job can carry, answers the file itself', async () => {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/platform/auditLog/export?kind=signIn&${EXPORT_IN_BACKGROUND_PARAM}=1`,
      headers: { [OPERATOR_TOKEN_HEADER]: signedIn.json().data.token },
    });
    expect((await readXlsx(res))[0]!.lines.length).toBeGreaterThan(0);
  });
});
