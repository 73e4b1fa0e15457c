import type { APIRequestContext, Page } from '@playwright/test';
import { api, checkChar, publishedPlan, staffIdOf, main } from './exam-support';
import { ACCOUNTS, MAIN_URL, choosePlan, clickSettled, expect, expectAccessible, openFromSideMenu, test, signIn } from './support';

/**
 * Issue 9's admission tickets, as the exam office would do them: rooms and seats for a plan's written exam, a
 * seeded seating, tickets issued (one, then the rest), and the batch PDF printed to completion. The plan, its
 * posts, workflow and seven candidates at 待笔试 are made through the API (names unique to the run), so the test
 * depends neither on the demo plans nor on other tests.
 */
const GROUP = '笔试管理';
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const PLAN = `准考证演练计划${stamp}`;
const NAMES = ['赵一', '钱二', '孙三', '李四', '周五', '吴六', '郑七'].map((n) => `${n}${stamp}`);




/** A published plan with two posts, a one-step sign-up review and a written score item, and seven candidates passed to 待笔试. */
async function planWithCandidates(request: APIRequestContext) {
  const { planId, departmentId } = await publishedPlan(request, { name: PLAN, writtenExamAddress: '湖南大学复临舍', auditionExamAddress: '湖南大学行政楼' });
  const plan = { id: planId };
  const department = { id: departmentId };
  const admin = { id: (await staffIdOf(request))(ACCOUNTS.admin.name) };
  const posts: number[] = [];
  for (const jobVacancy of ['综合管理岗', '财务会计岗']) {
    posts.push((await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', { planId: plan.id, departmentId: department!.id, jobVacancy, places: 1 })).id);
  }
  await api(request, '/recruitment/workflow/save', { planId: plan.id, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: admin.id }] });
  await api(request, '/recruitment/workflow/save', { planId: plan.id, stage: 2, items: [{ workItem: '笔试阅卷', kind: 'score', assigneeId: admin.id }] });
  const ids: number[] = [];
  for (const [i, realName] of NAMES.entries()) {
    const first17 = `4301051991${String(i + 1).padStart(2, '0')}01${stamp.slice(0, 3)}${i}`.slice(0, 17);
    const { applicationId } = await api<{ applicationId: number }>(request, '/open/recruitment/apply', {
      recruitmentId: posts[i % 2],
      talentInfo: { realName, sex: '1', education: '本科', identityNo: first17 + checkChar(first17), phone: `146${stamp}${String(i).padStart(2, '0')}` },
    });
    ids.push(applicationId);
  }
  const passed = await api<{ passed: number }>(request, '/recruitment/updateCandidatePass', { ids });
  expect(passed.passed).toBe(NAMES.length);
}

const card = (page: Page, title: string) => main(page).locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

test('rooms, seeded seating, tickets issued and the batch PDF printed', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await planWithCandidates(request);
  await signIn(page, ACCOUNTS.admin);
  await openFromSideMenu(page, GROUP, '笔试准考证设置');
  await expect(page).toHaveURL(/\/writtenExamination\/admissionTicket/);

  // The plan, its exam time and place (read-only, from the plan).
  await choosePlan(page, PLAN);
  await expect(main(page)).toContainText('湖南大学复临舍');
  await expect(main(page)).toContainText('考试时间');

  // 考场设置: two rooms of four seats for seven candidates.
  const rooms = card(page, '考场设置');
  await expect(rooms).toContainText('需安排座位 7 人');
  await rooms.getByRole('button', { name: '添加考场' }).click();
  await rooms.getByRole('button', { name: '添加考场' }).click();
  await expect(rooms.getByRole('textbox', { name: '考场名称' })).toHaveCount(2);
  await rooms.getByRole('textbox', { name: '考场名称' }).nth(1).fill('第2考场（实验楼）');
  for (const seats of await rooms.getByRole('spinbutton', { name: '座位数' }).all()) await seats.fill('3');
  await expect(rooms).toContainText('还差 1 个座位');
  await rooms.getByRole('spinbutton', { name: '座位数' }).nth(1).fill('4');
  await expect(rooms).toContainText('座位足够');
  // Two rooms of one name are refused before anything is sent.
  await rooms.getByRole('textbox', { name: '考场名称' }).nth(1).fill('第1考场');
  await rooms.getByRole('button', { name: '保存考场设置' }).click();
  await expect(page.getByText('考场名称不能重复')).toBeVisible();
  await rooms.getByRole('textbox', { name: '考场名称' }).nth(1).fill('第2考场（实验楼）');
  await rooms.getByLabel('考生须知').fill('请携带准考证和身份证，开考 30 分钟后不得入场。');
  await rooms.getByRole('button', { name: '保存考场设置' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(rooms).not.toContainText('有未保存的修改');

  // 排座 with a seed, then again (a confirm first): the seed and the neighbours' posts are reported.
  const seating = card(page, '排座');
  await seating.getByRole('spinbutton', { name: '随机种子' }).fill('20260');
  await seating.getByRole('button', { name: '随机排座' }).click();
  await expect(seating).toContainText('已排座 7 人，随机种子 20260');
  await expect(seating).toContainText(/相邻座位同岗位：\d+ 处/);
  await seating.getByRole('button', { name: '随机排座' }).click();
  const reseat = page.getByRole('dialog').filter({ hasText: '重新排座？' });
  await clickSettled(reseat.getByRole('button', { name: '重新排座' }));
  await expect(seating).toContainText('上次排座的随机种子20260');

  const tickets = card(page, '准考证');
  const rows = tickets.getByRole('row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(7);
  await expect(rows.filter({ hasText: '已排座未发放' })).toHaveCount(7);
  await expectAccessible(page);

  // Sign-up is still open: the page warns, and tickets wait for 关闭报名, confirmed first.
  const warning = main(page).getByRole('alert').filter({ hasText: '该招录计划尚未关闭报名，不能发放准考证' });
  await expect(warning).toBeVisible();
  await expectAccessible(page);
  await warning.getByRole('button', { name: '关闭报名' }).click();
  await expect(page.getByRole('tooltip')).toContainText('此操作不能撤销');
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '关闭报名' }));
  await expect(warning).toBeHidden();

  // Issue one ticket, then the rest with 全部发放.
  await tickets.getByRole('checkbox', { name: `选择${NAMES[0]}` }).check();
  await tickets.getByRole('button', { name: '发放准考证（1）' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '发放' }));
  let result = page.getByRole('dialog', { name: '发放结果' });
  // The result shows once the lists the issue changed have been read again: slow on a busy machine.
  await expect(result).toContainText('已发放 1 人', { timeout: 30_000 });
  await expectAccessible(page);
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(rows.filter({ hasText: NAMES[0]! })).toContainText('已发放');
  await tickets.getByRole('button', { name: '全部发放' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '全部已排座考生' });
  await clickSettled(confirm.getByRole('button', { name: '全部发放' }));
  result = page.getByRole('dialog', { name: '发放结果' });
  await expect(result).toContainText('已发放 6 人', { timeout: 30_000 });
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(rows.filter({ hasText: '已发放' })).toHaveCount(7);
  // Every row has a ticket code; a room holding issued tickets cannot be removed.
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(6)).toHaveText(/^[0-9A-Za-z-]{6,}$/);
  await expect(rooms.getByRole('button', { name: /^删除考场：/ }).first()).toBeDisabled();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('tickets-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('tickets-800.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Print the whole stage's tickets: the progress runs to a download of a PDF.
  await tickets.getByRole('button', { name: '打印准考证' }).click();
  const printing = page.getByRole('dialog', { name: '打印准考证：全部考场' });
  await expect(printing.getByRole('progressbar')).toBeVisible();
  const download = printing.getByRole('link', { name: '下载 PDF' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(printing).toContainText('已生成 7 份');
  await page.screenshot({ path: testInfo.outputPath('print-done.png') });
  await expectAccessible(page);
  const pdf = await page.request.get(new URL((await download.getAttribute('href'))!, MAIN_URL).toString());
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await printing.getByRole('button', { name: '关闭' }).last().click();
  await expect(printing).toBeHidden();

  // One ticket from its row, and the door labels of the second room.
  await tickets.getByRole('link', { name: `打印准考证：${NAMES[1]}` }).click();
  const single = page.getByRole('dialog', { name: `打印准考证：${NAMES[1]}` });
  await expect(single.getByRole('link', { name: '下载 PDF' })).toBeVisible({ timeout: 30_000 });
  await expect(single).toContainText('已生成 1 份');
  await single.getByRole('button', { name: '关闭' }).last().click();
  await tickets.getByRole('combobox', { name: '考场' }).click();
  await clickSettled(page.getByTitle('第2考场（实验楼）', { exact: true }).last());
  await expect(rows).toHaveCount(4);
  await tickets.getByRole('button', { name: '打印考场门贴' }).click();
  const labels = page.getByRole('dialog', { name: '打印考场门贴：考场「第2考场（实验楼）」' });
  await expect(labels.getByRole('link', { name: '下载 PDF' })).toBeVisible({ timeout: 30_000 });
  // one room, one door label
  await expect(labels).toContainText('已生成 1 份');
  await labels.getByRole('button', { name: '关闭' }).last().click();
});

test('the public verification page says a made-up ticket is not genuine, on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/ticketVerify?token=abcdefghijklmnopqrstuvwx');
  await expect(page.getByRole('heading', { name: '准考证查验' })).toBeVisible();
  await expect(page.getByText('未查询到该准考证，可能是伪造或已作废')).toBeVisible();
  await page.goto('/ticketVerify');
  await expect(page.getByText('未查询到该准考证，可能是伪造或已作废')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('verify-375.png'), fullPage: true });
});
