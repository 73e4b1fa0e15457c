import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { PNG } from 'pngjs';
import { ACCOUNTS, PAYMENT_URL, expect, expectAccessible, test } from './support';
import { SMS_INBOX_URL } from '../servers';
import { apiAt, checkChar, examsSoon, publishedPlan, signInAsAdmin } from './exam-support';
import { firstPageOf } from './pdf-page';

/**
 * Issue 24's whole pipeline across both sides, on the payment server (its SMS codes go through the Alibaba Cloud
 * adapter to the test's SMS inbox; the sandbox takes the fees). A job seeker on a 390 px phone registers, fills the
 * resume with a cropped photo, applies and pays the fee; staff return the application (12) with a reason; the
 * candidate reads it, corrects the resume and resubmits; staff pass both review levels and issue the written ticket,
 * which the candidate downloads; the written and interview scores are entered, reviewed and published; the candidate
 * sees scores, ranks and 拟录用. A second plan charges its fee only after the review passed: the candidate pays then,
 * and downloads the ticket. Staff steps go through the API (the back-office pages have stories of their own).
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const stamp = String(Date.now()).slice(-6);
const PHONE = `166${stamp}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
const CANDIDATE_PASSWORD = 'Apply2026pass';
const NAME = `林晓${'一二三四五六七八九十'[Number(stamp[5])]}`;
const IDENTITY = (() => {
  const first17 = `430104199${stamp[5]}0${(Number(stamp[4]) % 9) + 1}1${stamp[3]}${stamp.slice(0, 2)}${(Number(stamp[2]) % 9) + 1}`.slice(0, 17);
  return first17 + checkChar(first17);
})();
const PLAN_A = `考生端全流程计划${stamp}`;
const PLAN_B = `审核后缴费计划${stamp}`;
const POST = '综合管理岗';
const RETURN_REASON = '证件照背景不符合要求，请补充毕业院校后重新提交';
const phone = { width: 390, height: 844 };

/** A POST of the back office on the payment server, as the signed-in admin of the request context. */
const staff = apiAt(PAYMENT_URL);

/** A published plan with one post, two sign-up review levels, a written and an interview score item. */
async function planWithPost(request: APIRequestContext, name: string, fee: { registrationFeeY: string; feeAfterReview: boolean }) {
  const { planId, departmentId } = await publishedPlan(
    request,
    {
      name,
      // The ticket can be downloaded until the end of the exam's day: the exams are soon, as in a real cycle.
      ...examsSoon(),
      writtenExamAddress: '长沙市第一中学',
      auditionExamAddress: '长沙市人才大厦',
      // A photo rule of the plan's own (the default is 295×413): the resume's cropper takes it from the apply page.
      photoWidth: 358,
      photoHeight: 441,
      ...fee,
    },
    PAYMENT_URL,
  );
  const { id: postId } = await staff<{ id: number }>(request, '/recruitment/recruitmentInfo/save', {
    planId,
    departmentId,
    jobVacancy: POST,
    places: 1,
    education: '本科及以上',
  });
  const staffList = await staff<{ id: number; name: string }[]>(request, '/recruitment/workflow/staffOptions');
  const admin = staffList.find((s) => s.name === ACCOUNTS.admin.name)!.id;
  await staff(request, '/recruitment/workflow/save', {
    planId,
    stage: 1,
    items: [
      { workItem: '初审', kind: 'verify', assigneeId: admin },
      { workItem: '复审', kind: 'verify', assigneeId: admin },
    ],
  });
  const [written] = await staff<{ id: number }[]>(request, '/recruitment/workflow/save', { planId, stage: 2, items: [{ workItem: '笔试阅卷', kind: 'score', assigneeId: admin }] });
  const [interview] = await staff<{ id: number }[]>(request, '/recruitment/workflow/save', { planId, stage: 3, items: [{ workItem: '面试评分', kind: 'score', assigneeId: admin }] });
  // The admin's company is the demo's first (湘江).
  return { planId, postId, companyId: 1, writtenItem: written!.id, interviewItem: interview!.id };
}

/** The admin's pending sign-up task of the application, and its decision. */
async function decideSignUp(request: APIRequestContext, applicationId: number, decision: { status: 1 | 2; failStatus?: 12 | 13; remarks?: string }) {
  const { list } = await staff<{ list: { taskId: number; applicationId: number }[] }>(request, '/recruitment/recruitmentWaitAuditList', { pageNum: 1, pageSize: 100 });
  const task = list.find((t) => t.applicationId === applicationId);
  expect(task, 'a pending sign-up task of the application').toBeTruthy();
  return staff<{ status: number }>(request, '/recruitment/submitAudit', { tastId: task!.taskId, ...decision });
}

/** Seats everybody waiting for the stage's ticket and issues the tickets. */
async function issueTickets(request: APIRequestContext, planId: number, type: 2 | 3) {
  await staff(request, '/recruitment/admissionTicket/saveSetting', { planId, type, rooms: [{ name: '第一考场', seats: 30 }] });
  await staff(request, '/recruitment/admissionTicket/assignSeats', { planId, type, seed: 3 });
  await staff(request, '/recruitment/batchUpdateAdmissionTicket', { planId, type });
}

/** Enters, confirms and publishes one stage's score of the application's post. */
async function scoreAndPublish(request: APIRequestContext, type: 2 | 3, s: { applicationId: number; postId: number; item: number; score: string }) {
  await staff(request, '/recruitment/batchSetGrade', { type, entries: [{ applicationId: s.applicationId, scores: [{ workItemId: s.item, score: s.score }] }] });
  await staff(request, '/recruitment/reviewScores', { type, ids: [s.applicationId], action: 'confirm' });
  await staff(request, '/recruitment/batchSendScore', { type, recruitmentId: s.postId });
}

/** The code the SMS inbox last received for the number. */
async function smsCode(request: APIRequestContext, number: string) {
  let code: string | null = null;
  await expect(async () => {
    const res = await request.get(`${SMS_INBOX_URL}/codes/${number}`);
    code = ((await res.json()) as { code: string | null }).code;
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  return code!;
}

/** A portrait photo (blue background, a face-coloured oval), larger than the frame, as a phone's camera gives one. */
function portraitPng() {
  const png = new PNG({ width: 600, height: 800 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const face = ((x - 300) / 150) ** 2 + ((y - 330) / 200) ** 2 < 1;
      const shoulders = y > 580 && Math.abs(x - 300) < 260;
      png.data.set(face ? [236, 198, 168, 255] : shoulders ? [40, 40, 60, 255] : [58, 118, 206, 255], (y * png.width + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

/** The page checked by axe at 390 px, and full-page screenshots at 390 px and 1440 px (kept with the test's output; in CI only with SCREENSHOTS=1). */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, name);
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize(phone);
}

/** Opens a section of the resume form (they fold) and answers it. */
async function resumeSection(page: Page, name: string) {
  const section = page.getByRole('region', { name: new RegExp(`^${name}`) });
  const toggle = section.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return section;
}

async function saveSection(page: Page, name: string) {
  const section = await resumeSection(page, name);
  await section.getByRole('button', { name: '保存本节' }).click();
  await expect(section.getByRole('status')).toContainText('已保存');
}

const applicationId = { a: 0, b: 0 };
const plans: Record<'a' | 'b', Awaited<ReturnType<typeof planWithPost>>> = {} as never;

test('a candidate registers on a phone, fills the resume with a photo, applies and pays the fee in the sandbox', async ({ browser, request }, testInfo) => {
  plans.a = await planWithPost(request, PLAN_A, { registrationFeeY: '30', feeAfterReview: false });
  const context = await browser.newContext({ viewport: phone, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const planPath = `/apply/companies/${plans.a.companyId}/plans/${plans.a.planId}`;

  await page.goto(`${PAYMENT_URL}${planPath}`);
  await expect(page.getByRole('heading', { name: PLAN_A })).toBeVisible();
  await expect(page.getByText('¥30.00')).toBeVisible();
  await look(page, testInfo, 'plan');
  await page.getByRole('link', { name: '报名此岗位' }).click();

  // Not signed in: the login page, then 注册账号 with the SMS code.
  await expect(page.getByRole('heading', { name: '考生登录' })).toBeVisible();
  await look(page, testInfo, 'login');
  await page.getByRole('link', { name: '注册账号' }).click();
  await page.getByLabel('手机号').fill(PHONE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText(/验证码已发送/)).toBeVisible();
  await expect(page.getByRole('button', { name: /重新获取（\d+ 秒）/ })).toBeDisabled();
  await page.getByLabel('验证码').fill(await smsCode(request, PHONE));
  await page.getByLabel('密码', { exact: true }).fill(CANDIDATE_PASSWORD);
  await page.getByLabel('确认密码').fill(CANDIDATE_PASSWORD);
  await look(page, testInfo, 'register');
  await page.getByRole('button', { name: '注册' }).click();

  // Back where the candidate was going: the apply page, which needs the resume first.
  await expect(page.getByRole('heading', { name: `报名：${POST}` })).toBeVisible();
  await page.getByRole('link', { name: /修改简历|完善简历/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/apply/me/resume\\?companyId=1&planId=${plans.a.planId}$`));

  const basic = await resumeSection(page, '基本信息');
  await basic.getByLabel('姓名', { exact: true }).fill(NAME);
  await basic.getByLabel('民族').fill('汉族');
  await basic.getByLabel('选择证件照').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: portraitPng() });
  const cropper = page.getByRole('dialog');
  await expect(cropper.getByRole('img', { name: '证件照裁剪区域' })).toBeVisible();
  await expect(basic.getByText(`「${PLAN_A}」的照片要求：近期免冠正面证件照，JPG 格式，358×441 像素`)).toBeVisible();
  await look(page, testInfo, 'photo-crop');
  await cropper.getByRole('button', { name: '确定' }).click();
  await expect(basic.getByRole('img', { name: '已上传的证件照' })).toBeVisible();
  await saveSection(page, '基本信息');

  const contact = await resumeSection(page, '联系方式与证件');
  // A wrong check digit is refused in the browser by the contracts' GB 11643 rule.
  await contact.getByLabel('证件号码').fill(`${IDENTITY.slice(0, 17)}${IDENTITY[17] === '0' ? '1' : '0'}`);
  await contact.getByRole('button', { name: '保存本节' }).click();
  await expect(contact.getByText('身份证号码校验位不正确')).toBeVisible();
  await contact.getByLabel('证件号码').fill(IDENTITY);
  await expect(contact.getByLabel('手机号码')).toHaveValue(PHONE);
  await saveSection(page, '联系方式与证件');

  const other = await resumeSection(page, '其他');
  await other.getByLabel('最高学历').fill('本科');
  await saveSection(page, '其他');
  await look(page, testInfo, 'resume');

  // What was saved survives a reload.
  await page.reload();
  await expect((await resumeSection(page, '基本信息')).getByLabel('姓名', { exact: true })).toHaveValue(NAME);

  await page.goto(`${PAYMENT_URL}${planPath}/posts/${plans.a.postId}/apply`);
  await expect(page.getByText(NAME)).toBeVisible();
  await look(page, testInfo, 'apply');
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page.getByText(/请勾选|承诺/).first()).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page).toHaveURL(/\/apply\/me\/applications\/\d+$/);
  applicationId.a = Number(page.url().split('/').at(-1));
  await expect(page.getByText('待审核')).toBeVisible();

  // The fee, in the sandbox: the page learns of the payment from the server, not from the browser.
  const payment = page.getByRole('region', { name: '缴纳报名费' });
  await payment.getByRole('radio', { name: '微信支付' }).check();
  await payment.getByRole('button', { name: '去支付' }).click();
  await expect(payment.getByRole('img', { name: /微信支付支付二维码/ })).toBeVisible();
  await look(page, testInfo, 'pay');
  const [cashier] = await Promise.all([context.waitForEvent('page'), payment.getByRole('link', { name: '在沙箱收银台打开' }).click()]);
  await cashier.getByRole('button', { name: '确认付款' }).click();
  await expect(cashier.getByRole('status')).toContainText('已付款');
  await cashier.close();
  await expect(page.getByText('支付成功，报名费已缴纳。')).toBeVisible();
  await expect(page.getByText('已缴费')).toBeVisible();
  await look(page, testInfo, 'application');

  await page.getByRole('link', { name: '我的报名' }).first().click();
  await expect(page.getByRole('link', { name: new RegExp(POST) })).toBeVisible();
  await look(page, testInfo, 'my-applications');
  await context.close();
});

test('returned as 12 with a reason, corrected and resubmitted; passed twice, the written ticket downloaded as a real ticket', async ({ browser, request }, testInfo) => {
  await signInAsAdmin(request, PAYMENT_URL);
  await decideSignUp(request, applicationId.a, { status: 2, failStatus: 12, remarks: RETURN_REASON });

  const context = await browser.newContext({ viewport: phone, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInCandidate(page);
  await page.goto(`${PAYMENT_URL}/apply/me/applications/${applicationId.a}`);
  await expect(page.getByText('审核未通过，可修改后重新提交')).toBeVisible();
  await expect(page.getByText(RETURN_REASON)).toBeVisible();
  await look(page, testInfo, 'returned');

  await page.goto(`${PAYMENT_URL}/apply/me/resume`);
  const other = await resumeSection(page, '其他');
  await other.getByLabel('毕业院校').fill('湖南师范大学');
  await saveSection(page, '其他');
  await page.goto(`${PAYMENT_URL}/apply/me/applications/${applicationId.a}`);
  await page.getByRole('button', { name: '重新提交', exact: true }).click();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('待审核')).toBeVisible();

  await decideSignUp(request, applicationId.a, { status: 1 });
  await decideSignUp(request, applicationId.a, { status: 1 });
  await staff(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${plans.a.planId}`);
  await issueTickets(request, plans.a.planId, 2);

  await page.reload();
  await expect(page.getByText('待参加笔试')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载笔试准考证' }).click()]);
  const ticket = await firstPageOf(await readAll(await download.createReadStream()));
  await testInfo.attach('written-ticket', { body: ticket.png, contentType: 'image/png' });
  expect(ticket.text).toContain('准考证');
  expect(ticket.text).toContain(NAME);
  expect(ticket.images).toBeGreaterThan(0);
  expect(ticket.inkRatio).toBeGreaterThan(0.01);

  const [form] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载报名登记表' }).click()]);
  const formPage = await firstPageOf(await readAll(await form.createReadStream()));
  expect(formPage.text).toContain('报名登记表');
  expect(formPage.text).toContain(NAME);
  await context.close();
});

test('written and interview scores published: the candidate sees scores, ranks and 拟录用, and the messages', async ({ browser, request }, testInfo) => {
  await signInAsAdmin(request, PAYMENT_URL);
  await scoreAndPublish(request, 2, { applicationId: applicationId.a, postId: plans.a.postId, item: plans.a.writtenItem, score: '86.5' });
  await issueTickets(request, plans.a.planId, 3);
  await scoreAndPublish(request, 3, { applicationId: applicationId.a, postId: plans.a.postId, item: plans.a.interviewItem, score: '90' });

  const context = await browser.newContext({ viewport: phone, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInCandidate(page);
  await expect(page.getByRole('link', { name: /消息/ })).toContainText(/\d/);
  await page.goto(`${PAYMENT_URL}/apply/me/applications/${applicationId.a}`);
  await expect(page.getByText('拟录用').first()).toBeVisible();
  await expect(page.getByText('86.50', { exact: true })).toBeVisible();
  await expect(page.getByText('90.00', { exact: true })).toBeVisible();
  await expect(page.getByText(/笔试 86\.50 分，岗位第 1 名/)).toBeVisible();
  await expect(page.getByText(/综合成绩 = 笔试 86\.50 × 0\.5 \+ 面试 90\.00 × 0\.5 = 88\.25/)).toBeVisible();
  await expect(page.getByText('入围面试').first()).toBeVisible();
  await look(page, testInfo, 'results');

  await page.getByRole('link', { name: /消息/ }).first().click();
  await expect(page.getByText(`${POST}资格审核未通过，请修改后重新提交`)).toBeVisible();
  await expect(page.getByText(`${POST}资格审核已通过`)).toBeVisible();
  await look(page, testInfo, 'messages');
  await context.close();
});

test('a plan paid after the review: nothing to pay until it passed, then paid in the sandbox, and the ticket downloaded', async ({ browser, request }, testInfo) => {
  plans.b = await planWithPost(request, PLAN_B, { registrationFeeY: '50', feeAfterReview: true });
  const context = await browser.newContext({ viewport: phone, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInCandidate(page);
  await page.goto(`${PAYMENT_URL}/apply/companies/${plans.b.companyId}/plans/${plans.b.planId}/posts/${plans.b.postId}/apply`);
  await expect(page.getByText(NAME)).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page).toHaveURL(/\/apply\/me\/applications\/\d+$/);
  applicationId.b = Number(page.url().split('/').at(-1));
  await expect(page.getByText('本计划在资格审核通过后缴费')).toBeVisible();
  await expect(page.getByRole('region', { name: '缴纳报名费' })).toHaveCount(0);

  await decideSignUp(request, applicationId.b, { status: 1 });
  await decideSignUp(request, applicationId.b, { status: 1 });
  await page.reload();
  const payment = page.getByRole('region', { name: '缴纳报名费' });
  await expect(payment.getByText('缴费截止')).toBeVisible();
  await payment.getByRole('radio', { name: '支付宝' }).check();
  await payment.getByRole('button', { name: '去支付' }).click();
  const [cashier] = await Promise.all([context.waitForEvent('page'), payment.getByRole('link', { name: '在沙箱收银台打开' }).click()]);
  await cashier.getByRole('button', { name: '确认付款' }).click();
  await expect(cashier.getByRole('status')).toContainText('已付款');
  await cashier.close();
  await expect(page.getByText('支付成功，报名费已缴纳。')).toBeVisible();

  await staff(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${plans.b.planId}`);
  await issueTickets(request, plans.b.planId, 2);
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载笔试准考证' }).click()]);
  const ticket = await firstPageOf(await readAll(await download.createReadStream()));
  expect(ticket.text).toContain(PLAN_B);
  expect(ticket.text).toContain(NAME);
  await look(page, testInfo, 'paid-after-review');
  await context.close();
});

async function signInCandidate(page: Page) {
  await page.goto(`${PAYMENT_URL}/apply/login`);
  await page.getByLabel('手机号').fill(PHONE);
  await page.getByLabel('密码').fill(CANDIDATE_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/apply\/me$/);
}

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
