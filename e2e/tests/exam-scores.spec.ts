import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { acknowledge, api, checkChar, main, publishedPlan, staffIdOf, uploadPhoto } from './exam-support';
import { firstPageOf, qrCodeOfTopHalf } from './pdf-page';
import { ACCOUNTS, MAIN_URL, PASSWORD, choosePlan, clickSettled, expect, expectAccessible, openFromSideMenu, screenshots, tab, test, signIn } from './support';


/**
 * Issue 9's story, as the exam office lives it: the written tickets of the plan issued and printed as one PDF (its
 * first page rendered: Chinese text, the photo, a QR code that the public page confirms genuine), the written score
 * of one candidate by the overlay (a score above
 * full marks shows SPEC's message), one marked 缺考, the rest imported from the template (.xlsx) with one bad row
 * seen in the preview and fixed; review (one score sent back and entered again), publication per post, and the
 * written ranking (shared ranks, ties at the cut-off all enter). Then the interview with a three-examiner panel,
 * its review and publication, the composite ranking and the 审核通过 list.
 *
 * The plan, its posts, workflow, two examiners and eight candidates (with a photo) passed to 待笔试 are made through
 * the API (names unique to the run), so the test depends neither on the demo plans nor on other tests.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const PLAN = `成绩演练计划${stamp}`;
const POST_A = '综合管理岗';
const POST_B = '财务会计岗';
/** Even indexes apply to post A, odd ones to post B. */
const NAMES = ['赵一', '钱二', '孙三', '李四', '周五', '吴六', '郑七', '王八'].map((n) => `${n}${stamp}`);
/** The interview panel: three examiners from outside, with no accounts; the administrator enters their scores. */
const EXAMINERS = [
  { name: `考官甲${stamp}`, unit: '湘江大学' },
  { name: `考官乙${stamp}`, unit: '市人力资源和社会保障局' },
  { name: `考官丙${stamp}`, unit: '湖南师范大学' },
];
const examinerLabel = (e: { name: string; unit: string }) => `考官 ${e.name}（${e.unit}）`;
const OVER_FULL_MARKS = '输入的分数不能超过满分100.00';




/** Seats everybody waiting for the stage's ticket and issues the tickets (20 → 21, 30 → 31). */
async function issueTickets(request: APIRequestContext, planId: number, type: 2 | 3) {
  await api(request, '/recruitment/admissionTicket/saveSetting', { planId, type, rooms: [{ name: `第1考场`, seats: 30 }] });
  await api(request, '/recruitment/admissionTicket/assignSeats', { planId, type, seed: 7 });
  return api<{ done: number }>(request, '/recruitment/batchUpdateAdmissionTicket', { planId, type });
}

/**
 * A published plan (interview entry ratio 2) with two posts of one place, a one-step sign-up review, a written score
 * item and an interview panel of three examiners, and eight candidates (with a photo) passed to 待笔试 (20).
 */
async function planAtWrittenStage(request: APIRequestContext) {
  const { planId, departmentId } = await publishedPlan(request, {
    name: PLAN,
    writtenExamAddress: '湖南大学复临舍',
    auditionExamAddress: '湖南大学行政楼',
    interviewEntryRatio: 2,
  });
  const plan = { id: planId };
  const department = { id: departmentId };
  const staffId = await staffIdOf(request);
  const admin = staffId(ACCOUNTS.admin.name);
  const posts: number[] = [];
  for (const jobVacancy of [POST_A, POST_B]) {
    posts.push((await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', { planId: plan.id, departmentId: department!.id, jobVacancy, places: 1 })).id);
  }
  await api(request, '/recruitment/workflow/save', { planId: plan.id, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: admin }] });
  await api(request, '/recruitment/workflow/save', { planId: plan.id, stage: 2, items: [{ workItem: '笔试阅卷', kind: 'score', assigneeId: admin }] });
  await api(request, '/recruitment/workflow/save', {
    planId: plan.id,
    stage: 3,
    items: ['主考官评分', '考官二评分', '考官三评分'].map((workItem, i) => ({
      workItem,
      kind: 'score',
      assigneeId: admin,
      examinerName: EXAMINERS[i]!.name,
      examinerUnit: EXAMINERS[i]!.unit,
    })),
  });
  const photo = await uploadPhoto(request);
  const ids: number[] = [];
  for (const [i, realName] of NAMES.entries()) {
    const first17 = `4301051990${String(i + 1).padStart(2, '0')}02${stamp.slice(0, 3)}${i}`.slice(0, 17);
    const { applicationId } = await api<{ applicationId: number }>(request, '/open/recruitment/apply', {
      recruitmentId: posts[i % 2],
      talentInfo: {
        realName,
        sex: i % 3 === 0 ? '2' : '1',
        education: '本科',
        identityNo: first17 + checkChar(first17),
        phone: `144${stamp}${String(i).padStart(2, '0')}`,
        certificateImage: photo,
      },
    });
    ids.push(applicationId);
  }
  expect((await api<{ passed: number }>(request, '/recruitment/updateCandidatePass', { ids })).passed).toBe(NAMES.length);
  // 关闭报名: the exams start once sign-up is closed (the ticket page's warning is exam-tickets.spec.ts's).
  await api(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${plan.id}`);
  return { planId: plan.id, ids };
}

const row = (page: Page, name: string) => main(page).getByRole('row').filter({ hasText: name });
/** A ranking's row of the candidate: the one whose name cell it is (another row's explanation names whom it ties with). */
const rankingRow = (page: Page, name: string) => main(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function choosePost(page: Page, post: string) {
  await main(page).getByRole('combobox', { name: '报考岗位' }).click();
  await clickSettled(page.getByTitle(post, { exact: true }).last());
}

/** Confirms a Popconfirm opened by `button`. */
async function confirmPop(page: Page, button: Locator, ok: string) {
  await button.click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: ok }));
}

/** Fills the downloaded template: a score per name (or 缺考), and writes it where the test keeps its files. */
async function filledTemplate(templatePath: string, scores: Record<string, string | string[]>, outPath: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(templatePath);
  const sheet = book.worksheets[0]!;
  const header = sheet.getRow(1).values as string[];
  const nameColumn = header.indexOf('姓名');
  // One 成绩 column, or with a panel one per examiner: 成绩1（…）, 成绩2（…）…
  const scoreColumns = header.flatMap((title, column) => (typeof title === 'string' && /^成绩(\d+（.+）)?$/.test(title) ? [column] : []));
  expect(nameColumn).toBeGreaterThan(0);
  expect(scoreColumns.length).toBeGreaterThan(0);
  const filled: string[] = [];
  sheet.eachRow((r, n) => {
    const name = String(r.getCell(nameColumn).value ?? '');
    if (n === 1 || !(name in scores)) return;
    const marks = [scores[name]!].flat();
    expect(marks).toHaveLength(scoreColumns.length);
    for (const [k, column] of scoreColumns.entries()) r.getCell(column).value = marks[k]!;
    filled.push(name);
  });
  await book.xlsx.writeFile(outPath);
  return filled.sort();
}

/** Opens the score overlay of `name` from the entry list. */
async function openOverlay(page: Page, name: string) {
  await row(page, name).getByRole('link', { name: new RegExp(`(录入|修改)成绩：${name}`) }).click();
  const dialog = page.getByRole('dialog', { name: '成绩录入' });
  await expect(dialog).toContainText(name);
  return dialog;
}

const card = (page: Page, title: string) => main(page).locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

/**
 * 笔试准考证设置: one room, a seeded seating, every ticket issued, the batch printed. The PDF's first page is
 * rendered to PNG and read as a person would: the title and names in Chinese, a photo, and a QR code whose link
 * the public page confirms as a genuine ticket of one of the candidates.
 */
async function issueAndPrintTickets(page: Page, testInfo: TestInfo) {
  await openFromSideMenu(page, '笔试管理', '笔试准考证设置');
  await choosePlan(page, PLAN);
  const rooms = card(page, '考场设置');
  await expect(rooms).toContainText('需安排座位 8 人');
  await rooms.getByRole('button', { name: '添加考场' }).click();
  await rooms.getByRole('spinbutton', { name: '座位数' }).fill('30');
  await rooms.getByRole('button', { name: '保存考场设置' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const seating = card(page, '排座');
  await seating.getByRole('button', { name: '随机排座' }).click();
  await expect(seating).toContainText('已排座 8 人');
  const tickets = card(page, '准考证');
  await tickets.getByRole('button', { name: '全部发放' }).click();
  await clickSettled(page.getByRole('dialog').filter({ hasText: '全部已排座考生' }).getByRole('button', { name: '全部发放' }));
  const result = page.getByRole('dialog', { name: '发放结果' });
  // The result shows once the lists the issue changed have been read again: slow on a busy machine.
  await expect(result).toContainText('已发放 8 人', { timeout: 30_000 });
  await acknowledge(result);

  await tickets.getByRole('button', { name: '打印准考证' }).click();
  const printing = page.getByRole('dialog', { name: '打印准考证：全部考场' });
  const download = printing.getByRole('link', { name: '下载 PDF' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(printing).toContainText('已生成 8 份');
  const pdf = await page.request.get(new URL((await download.getAttribute('href'))!, MAIN_URL).toString());
  expect(pdf.status()).toBe(200);
  const first = await firstPageOf(await pdf.body(), 2);
  await writeFile(testInfo.outputPath('ticket-page-1.png'), first.png);
  // the plan's name, then the document's kind on a line of its own
  expect(first.text).toMatch(new RegExp(`${PLAN}\\s*笔试准考证`));
  expect(NAMES.filter((name) => first.text.includes(name)).length).toBeGreaterThan(0);
  expect(first.text).toContain('湖南大学复临舍');
  expect(first.images).toBeGreaterThan(0);
  expect(first.inkRatio).toBeGreaterThan(0.02);
  const verifyUrl = qrCodeOfTopHalf(first.png);
  expect(verifyUrl).toMatch(new RegExp(`^${MAIN_URL}/ticketVerify\\?token=[A-Za-z0-9_-]{24}$`));
  await printing.getByRole('button', { name: '关闭' }).last().click();

  const verify = await page.context().newPage();
  await verify.goto(verifyUrl!);
  await expect(verify.getByText('准考证真实有效')).toBeVisible();
  await expect(verify.getByRole('main')).toContainText(PLAN);
  await verify.close();
}

test.describe.serial('scores', () => {
  let planId = 0;

  test('written: the overlay, an import with a bad row fixed, review, publication and the ranking', async ({ page, request }, testInfo) => {
    // The longest story of the suite (tickets, a PDF, two imports, review, publication): it took 3.6 min in a CI run
    // on a loaded machine and over 7 min on one shared with other builds; the limit is there to stop a hung test, not
    // to time a slow one.
    test.setTimeout(600_000);
    ({ planId } = await planAtWrittenStage(request));
    await signIn(page, ACCOUNTS.admin);
    await issueAndPrintTickets(page, testInfo);
    await openFromSideMenu(page, '笔试管理', '笔试成绩录入与审核');
    await expect(page).toHaveURL(/\/writtenExamination\/scoreEntry/);
    await choosePlan(page, PLAN);
    await expect(row(page, stamp)).toHaveCount(8);
    await expect(row(page, NAMES[0]!)).toContainText('待录入');

    // The overlay (SPEC dialog 2): job, candidate, ticket, exam time and place; above full marks, SPEC's message.
    let dialog = await openOverlay(page, NAMES[0]!);
    await expect(dialog).toContainText(POST_A);
    await expect(dialog).toContainText('准考证号');
    await expect(dialog).toContainText('湖南大学复临舍');
    await expect(dialog.getByRole('button', { name: '返回' })).toBeVisible();
    const score = dialog.getByRole('textbox', { name: '笔试成绩' });
    await score.fill('120');
    await expect(dialog.getByText(OVER_FULL_MARKS)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, testInfo, 'overlay');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog).toBeVisible();
    await score.fill('92');
    await expect(dialog.getByText(OVER_FULL_MARKS)).toBeHidden();
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, NAMES[0]!)).toContainText('92.00');
    await expect(row(page, NAMES[0]!)).toContainText('已录入待审核');

    // 缺考 for one, in a batch.
    await main(page).getByRole('checkbox', { name: `选择${NAMES[7]}` }).check();
    await confirmPop(page, main(page).getByRole('button', { name: '批量标记缺考（1）' }), '标记缺考');
    await expect(row(page, NAMES[7]!)).toContainText('缺考');

    // The other six: two typed into the grid (表格录入), four imported.
    const scores: Record<string, string> = {
      [NAMES[1]!]: '120',
      [NAMES[2]!]: '78',
      [NAMES[3]!]: '90',
      [NAMES[4]!]: '78.0',
      [NAMES[5]!]: '60',
      [NAMES[6]!]: '55',
    };
    // The grid: type, Enter (saved, the cursor moves down to the next candidate), type, Enter. Two
    // neighbouring rows among 2…6 (the seating decides the order; 1 is kept for the import's bad row).
    await main(page).getByText('表格录入', { exact: true }).click();
    const gridRows = main(page).getByRole('row').filter({ hasText: stamp });
    await expect(gridRows).toHaveCount(8);
    const order = (await gridRows.allTextContents()).map((text) => NAMES.findIndex((name) => text.includes(name)));
    const typable = new Set([2, 3, 4, 5, 6]);
    const at = order.findIndex((i, k) => typable.has(i) && typable.has(order[k + 1] ?? -1));
    const [upper, lower] = [NAMES[order[at]!]!, NAMES[order[at + 1]!]!];
    const cellOf = (name: string) => main(page).getByRole('textbox', { name: `${name} 笔试成绩` });
    await cellOf(upper).click();
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    // Refused with the contracts' message in the cell, not saved; the cursor is on the next row all the same.
    await expect(row(page, upper)).toContainText(OVER_FULL_MARKS);
    await expect(cellOf(lower)).toBeFocused();
    await cellOf(upper).fill(scores[upper]!);
    await cellOf(upper).press('Enter');
    await expect(cellOf(lower)).toBeFocused();
    await page.keyboard.type(scores[lower]!);
    await page.keyboard.press('Enter');
    await expect(row(page, upper)).toContainText('已保存');
    await expect(row(page, lower)).toContainText('已保存');
    await expect(row(page, lower)).toContainText('已录入待审核');
    await expectAccessible(page);
    await screenshots(page, testInfo, 'grid');
    await main(page).getByText('逐人录入', { exact: true }).click();
    await expect(row(page, upper)).toContainText(`${Number(scores[upper]).toFixed(2)}`);
    const imported = Object.fromEntries(Object.entries(scores).filter(([name]) => name !== upper && name !== lower));

    // Import the other four: the template, a file with one score above full marks, the preview refuses; fixed, saved.
    await main(page).getByRole('button', { name: '导入成绩' }).click();
    const importing = page.getByRole('dialog', { name: '导入笔试成绩' });
    const [template] = await Promise.all([page.waitForEvent('download'), importing.getByRole('button', { name: '下载模板' }).click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templatePath = testInfo.outputPath('template.xlsx');
    await template.saveAs(templatePath);
    // A sheet without the columns is refused with the reason in the dialog, not in a passing toast.
    const foreign = new ExcelJS.Workbook();
    foreign.addWorksheet('成绩').addRows([
      ['编号', '得分'],
      ['1', '80'],
    ]);
    const foreignPath = testInfo.outputPath('foreign.xlsx');
    await foreign.xlsx.writeFile(foreignPath);
    await importing.locator('input[type=file]').setInputFiles(foreignPath);
    const refused = importing.getByRole('alert').filter({ hasText: '文件未能导入' });
    await expect(refused).toContainText('文件第一行缺少“准考证号”（也可写作“准考证”“考号”）');
    const bad = testInfo.outputPath('scores-bad.xlsx');
    expect(await filledTemplate(templatePath, imported, bad)).toEqual(Object.keys(imported).sort());
    await importing.locator('input[type=file]').setInputFiles(bad);
    const preview = importing.getByRole('region', { name: '检查结果' });
    await expect(preview).toContainText('有 1 行存在问题，本次不能保存');
    await expect(refused).toBeHidden();
    const problem = preview.getByRole('row').filter({ hasText: NAMES[1]! });
    await expect(problem).toContainText(OVER_FULL_MARKS);
    await expect(problem).toContainText('120');
    await expect(importing.getByRole('button', { name: '保存' })).toBeDisabled();
    await expectAccessible(page);
    await screenshots(page, testInfo, 'import-problem');
    const good = testInfo.outputPath('scores-good.xlsx');
    await filledTemplate(templatePath, { ...imported, [NAMES[1]!]: '85' }, good);
    await importing.locator('input[type=file]').setInputFiles(good);
    await expect(preview).toContainText('检查无误：可保存 4 条成绩');
    await importing.getByRole('button', { name: '保存' }).click();
    await expect(importing.getByText('已保存 4 条成绩').first()).toBeVisible();
    await importing.getByRole('button', { name: '完成' }).click();
    await expect(row(page, NAMES[4]!)).toContainText('78.00');
    await screenshots(page, testInfo, 'entry');

    // Review: one score sent back, the rest confirmed (locked).
    await main(page).getByRole('button', { name: '去审核' }).click();
    await expect(page).toHaveURL(/\/writtenExamination\/writtenExaminationReview/);
    await expect(main(page).getByRole('region', { name: '按岗位发布成绩' })).toBeVisible();
    await expect(row(page, stamp)).toHaveCount(8);
    await main(page).getByRole('checkbox', { name: `选择${NAMES[6]}` }).check();
    await main(page).getByRole('button', { name: '退回修改' }).click();
    const returning = page.getByRole('dialog', { name: '退回修改（1 人）' });
    await returning.getByRole('button', { name: '退回' }).click();
    await expect(returning.getByText('请输入退回原因')).toBeVisible();
    await returning.getByRole('textbox', { name: '退回原因' }).fill('答题卡复核分数有误，请重新录入');
    await returning.getByRole('button', { name: '退回' }).click();
    let result = page.getByRole('dialog', { name: '退回结果' });
    await expect(result).toContainText('已退回 1 人');
    await acknowledge(result);
    await expect(row(page, stamp)).toHaveCount(7);
    for (const name of NAMES.filter((_, i) => i !== 6)) await main(page).getByRole('checkbox', { name: `选择${name}` }).check();
    await confirmPop(page, main(page).getByRole('button', { name: '审核通过（7）' }), '审核通过');
    result = page.getByRole('dialog', { name: '审核通过结果' });
    await expect(result).toContainText('已审核通过 7 人');
    await acknowledge(result);
    await expect(row(page, NAMES[0]!)).toContainText('已审核');
    // A confirmed score can only be sent back, not confirmed again.
    await main(page).getByRole('checkbox', { name: `选择${NAMES[0]}` }).check();
    // (named "loading 审核通过" while the lists refresh after the confirmation: disabled all the same)
    await expect(main(page).getByRole('button', { name: /审核通过/ })).toBeDisabled();
    await expect(main(page).getByRole('button', { name: '退回修改（1）' })).toBeEnabled();
    await main(page).getByRole('checkbox', { name: `选择${NAMES[0]}` }).uncheck();

    // Publish post B; post A cannot be published while a score is missing, and says why (the server refuses it too:
    // publish.test.ts).
    const publishing = main(page).getByRole('region', { name: '按岗位发布成绩' });
    const publishA = publishing.getByRole('button', { name: `发布成绩：${POST_A}` });
    await expect(publishA).toBeDisabled();
    await expect(publishA).toHaveAccessibleDescription('还有 1 人未录入成绩，全部录入并审核后才能发布');
    await publishing.getByRole('button', { name: `发布成绩：${POST_B}` }).click();
    const confirm = page.getByRole('dialog', { name: `发布笔试成绩：${POST_B}` });
    await expect(confirm).toContainText('同分同名次');
    await expect(confirm).toContainText('本岗位规则');
    // The pass list before the confirmation: who enters, as publishing then does.
    await expect(confirm).toContainText('入围面试 2 人');
    await expect(confirm.getByRole('row').filter({ hasText: stamp })).toHaveCount(2);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: '确认发布' }).click();
    result = page.getByRole('dialog', { name: '发布结果' });
    await expect(result).toContainText('笔试通过（入围面试） 2 人，未通过 2 人；其中 2 人已进入面试环节');
    await acknowledge(result);
    await screenshots(page, testInfo, 'review');

    // The returned score is entered again and confirmed; then post A is published.
    await openFromSideMenu(page, '笔试管理', '笔试成绩录入与审核');
    await expect(main(page).getByRole('button', { name: '导入成绩' })).toBeVisible();
    await choosePlan(page, PLAN);
    // The reason it was sent back, where it is entered again.
    await expect(row(page, NAMES[6]!)).toContainText('已退回：答题卡复核分数有误，请重新录入');
    dialog = await openOverlay(page, NAMES[6]!);
    await expect(dialog).toContainText('成绩已退回修改：答题卡复核分数有误，请重新录入');
    await dialog.getByRole('textbox', { name: '笔试成绩' }).fill('55');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog).toBeHidden();
    await main(page).getByRole('button', { name: '去审核' }).click();
    await expect(publishing).toBeVisible();
    await main(page).getByRole('checkbox', { name: `选择${NAMES[6]}` }).check();
    await confirmPop(page, main(page).getByRole('button', { name: '审核通过（1）' }), '审核通过');
    await acknowledge(page.getByRole('dialog', { name: '审核通过结果' }));
    await publishing.getByRole('button', { name: `发布成绩：${POST_A}` }).click();
    const confirmA = page.getByRole('dialog', { name: `发布笔试成绩：${POST_A}` });
    // The two at 78 tie at the cut-off: the preview says so, and marks them.
    await expect(confirmA).toContainText('入围面试 3 人（其中末位并列 2 人，均入围面试），未通过 1 人');
    await expect(confirmA.getByRole('row').filter({ hasText: '末位并列' })).toHaveCount(2);
    await confirmA.getByRole('button', { name: '确认发布' }).click();
    result = page.getByRole('dialog', { name: '发布结果' });
    // 92, 78, 78, 55 with a quota of 1 × 2: ranks 1, 2, 2, 4 and both at the cut-off enter.
    await expect(result).toContainText('笔试通过（入围面试） 3 人，未通过 1 人');
    await result.getByRole('button', { name: '查看笔试排名' }).click();

    // The ranking of post A: shared ranks, who enters and why; exported.
    await expect(page).toHaveURL(/\/writtenExamination\/writtenTestRanking/);
    await expect(main(page).getByRole('region', { name: '按岗位发布成绩' })).toBeHidden();
    await choosePost(page, POST_A);
    await expect(main(page).getByRole('alert').getByText('已发布', { exact: true })).toBeVisible();
    await expect(main(page)).toContainText('规则：');
    const ranked = main(page).getByRole('row').filter({ hasText: stamp });
    await expect(ranked).toHaveCount(4);
    await expect(ranked.nth(0)).toContainText(NAMES[0]!);
    await expect(ranked.nth(0).getByRole('cell').first()).toHaveText('1');
    await expect(ranked.nth(1).getByRole('cell').first()).toHaveText('2');
    await expect(ranked.nth(2).getByRole('cell').first()).toHaveText('2');
    await expect(ranked.nth(3).getByRole('cell').first()).toHaveText('4');
    await expect(ranked.filter({ hasText: '入围' }).filter({ hasNotText: '未入围' })).toHaveCount(3);
    await expect(rankingRow(page, NAMES[6]!)).toContainText('未入围');
    await expect(rankingRow(page, NAMES[2]!)).toContainText('第 2 名');
    const [excel] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: '导出 Excel' }).click()]);
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
    // Off the button, whose hover colour is not the page's.
    await page.mouse.move(1, 1);
    await expectAccessible(page);
    await screenshots(page, testInfo, 'written-ranking');
  });

  test('interview: a three-examiner panel, publication, the composite ranking and the 审核通过 list', async ({ page, request }, testInfo) => {
    test.setTimeout(420_000);
    expect(planId, 'the written test made the plan').toBeGreaterThan(0);
    await api(request, '/app/company/companyLogin', { loginAccount: ACCOUNTS.admin.loginAccount, password: PASSWORD });
    // The written passes (0, 2, 4 of post A; 1, 3 of post B) moved on to the interview; their tickets are issued.
    expect((await issueTickets(request, planId, 3)).done).toBe(5);

    await signIn(page, ACCOUNTS.admin);
    await openFromSideMenu(page, '面试管理', '面试成绩录入与审核');
    await choosePlan(page, PLAN);
    await expect(row(page, stamp)).toHaveCount(5);
    // The panel of three: one field per examiner, each checked against full marks; the mean is the score.
    const interview: Record<string, [string, string, string]> = {
      [NAMES[0]!]: ['95', '90', '85'],
      [NAMES[2]!]: ['88', '88', '88'],
      [NAMES[4]!]: ['80', '79', '81'],
      [NAMES[3]!]: ['70', '70', '70'],
      [NAMES[1]!]: ['80', '80', '80'],
    };
    const [typed, imported] = [Object.entries(interview).slice(0, 2), Object.fromEntries(Object.entries(interview).slice(2))];
    for (const [name, marks] of typed) {
      const dialog = await openOverlay(page, name);
      const fields = EXAMINERS.map((examiner) => dialog.getByRole('textbox', { name: examinerLabel(examiner) }));
      if (name === NAMES[0]) {
        await fields[1]!.fill('120');
        await expect(dialog.getByText(OVER_FULL_MARKS)).toBeVisible();
        await expect(dialog).toContainText('共 3 位考官：取平均分');
        await expectAccessible(page);
        await screenshots(page, testInfo, 'panel-overlay');
      }
      for (const [i, mark] of marks.entries()) await fields[i]!.fill(mark);
      await dialog.getByRole('button', { name: '提交' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(row(page, NAMES[0]!)).toContainText('90.00');
    // The other three from the template (it lists those still awaiting their score): one score column per examiner.
    await main(page).getByRole('button', { name: '导入成绩' }).click();
    const importing = page.getByRole('dialog', { name: '导入面试成绩' });
    await expect(importing).toContainText('由 3 位考官评分，模板中每位考官一列');
    const [template] = await Promise.all([page.waitForEvent('download'), importing.getByRole('button', { name: '下载模板' }).click()]);
    const templatePath = testInfo.outputPath('panel-template.xlsx');
    await template.saveAs(templatePath);
    const panelFile = testInfo.outputPath('panel-scores.xlsx');
    expect(await filledTemplate(templatePath, imported, panelFile)).toEqual(Object.keys(imported).sort());
    await importing.locator('input[type=file]').setInputFiles(panelFile);
    await expect(importing.getByRole('region', { name: '检查结果' })).toContainText('检查无误：可保存 3 条成绩');
    await importing.getByRole('button', { name: '保存' }).click();
    await expect(importing.getByText('已保存 3 条成绩').first()).toBeVisible();
    await importing.getByRole('button', { name: '完成' }).click();
    await expect(row(page, NAMES[4]!)).toContainText('80.00');

    // 面试审核: all confirmed, both posts published.
    await main(page).getByRole('button', { name: '去审核' }).click();
    await expect(page).toHaveURL(/\/auditionExamination\/writtenExaminationReview/);
    await expect(main(page).getByRole('region', { name: '按岗位发布成绩' })).toBeVisible();
    // Each examiner's score beside the mean, in a column named after the examiner.
    for (const examiner of EXAMINERS) await expect(main(page).getByRole('columnheader', { name: examinerLabel(examiner) })).toBeVisible();
    await expect(row(page, NAMES[0]!)).toContainText('95.00');
    for (const name of Object.keys(interview)) await main(page).getByRole('checkbox', { name: `选择${name}` }).check();
    await confirmPop(page, main(page).getByRole('button', { name: '审核通过（5）' }), '审核通过');
    await acknowledge(page.getByRole('dialog', { name: '审核通过结果' }));

    // Before publication, 面试排名 is a preview.
    await openFromSideMenu(page, '面试管理', '面试排名');
    await expect(page).toHaveURL(/\/auditionExamination\/writtenTestRanking/);
    await expect(main(page).getByRole('region', { name: '按岗位发布成绩' })).toBeHidden();
    await choosePlan(page, PLAN);
    await choosePost(page, POST_A);
    await expect(main(page).getByRole('alert')).toContainText('未发布（预览）');
    const preview = main(page).getByRole('row').filter({ hasText: stamp });
    await expect(preview).toHaveCount(3);
    await expect(preview.nth(0)).toContainText(NAMES[0]!);
    await expect(preview.nth(0)).toContainText('90.00');
    await expectAccessible(page);
    await tab(page, '面试审核').click();
    await expect(page).toHaveURL(/\/auditionExamination\/writtenExaminationReview/);

    const publishing = main(page).getByRole('region', { name: '按岗位发布成绩' });
    for (const [post, passed, failed] of [
      [POST_A, 1, 2],
      [POST_B, 1, 1],
    ] as const) {
      await publishing.getByRole('button', { name: `发布成绩：${post}` }).click();
      await page.getByRole('dialog', { name: `发布面试成绩：${post}` }).getByRole('button', { name: '确认发布' }).click();
      const result = page.getByRole('dialog', { name: '发布结果' });
      await expect(result).toContainText(`拟录用 ${passed} 人，未通过 ${failed} 人`);
      if (post === POST_B) await result.getByRole('button', { name: '查看综合排名' }).click();
      else await acknowledge(result);
    }

    // 综合排名 of post B: 钱二 85 × 0.5 + 80 × 0.5 = 82.50 ahead of 李四 90 × 0.5 + 70 × 0.5 = 80.00.
    await expect(page).toHaveURL(/\/auditionExamination\/complexTestRanking/);
    await expect(main(page).getByRole('region', { name: '按岗位发布成绩' })).toBeHidden();
    await choosePost(page, POST_B);
    const ranked = main(page).getByRole('row').filter({ hasText: stamp });
    await expect(ranked).toHaveCount(2);
    await expect(ranked.nth(0)).toContainText(NAMES[1]!);
    await expect(ranked.nth(0)).toContainText('82.50');
    await expect(ranked.nth(0)).toContainText('拟录用');
    await expect(ranked.nth(1)).toContainText('80.00');
    await expect(ranked.nth(1)).toContainText('未录用');
    await expect(ranked.nth(0)).toContainText('综合成绩');
    await expectAccessible(page);
    await screenshots(page, testInfo, 'complex-ranking');

    // 审核通过: the two to be hired, exportable.
    await openFromSideMenu(page, '面试管理', '审核通过');
    await expect(main(page).getByText('面试成绩发布后，综合排名在招录人数以内的考生为拟录用人员。')).toBeVisible();
    await choosePlan(page, PLAN);
    const hired = main(page).getByRole('row').filter({ hasText: stamp });
    await expect(hired).toHaveCount(2);
    await expect(row(page, NAMES[0]!)).toContainText('91.00');
    await expect(row(page, NAMES[1]!)).toContainText('82.50');
    const [excel] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: '导出 Excel' }).click()]);
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
    // Off the button, whose hover colour is not the page's.
    await page.mouse.move(1, 1);
    await expectAccessible(page);
    await screenshots(page, testInfo, 'hire-list');
    await expect(row(page, NAMES[0]!)).toContainText(POST_A);
  });
});
