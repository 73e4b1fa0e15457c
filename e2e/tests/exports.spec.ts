import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { main } from './exam-support';
import { ACCOUNTS, choosePlan, clickSettled, expect, openFromSideMenu, pageSettled, screenshots, test, signIn } from './support';

/**
 * 导出 of every list of candidates, on the demo plans (README's 演示数据), read back from the .xlsx: the header's
 * Chinese column names, as many rows as the page's pager counts (every page, not the one on screen), and the page's
 * first row as the file's first. And the plan and post tables, which fit 1440 px without cutting plan names.
 */

// One after the other, in one worker: a whole plan's export keeps the server busy for seconds, and two at once on a
// loaded machine ran past the download's time limit.
test.describe.configure({ mode: 'default' });

/** Has written and interview results, published. */
const FINISHED = '2026年上半年湘江人力资源服务集团公开招聘计划';
/** 300 applications in review. */
const SUBSIDIARY = '2026年湘江人力资源服务集团下属企业公开招聘计划';
/** The hospital's plan, half way through the written exam: scores entered, some reviewed, none published. */
const HOSPITAL = '江城市第一人民医院2026年公开招聘专业技术人员计划';
/** A post of the finished plan. */
const POST = '考务专员';

const IDENTITY = ['招录计划', '报考岗位', '姓名', '性别', '身份证号码', '手机号码'];
const PERSON = ['出生日期', '民族', '政治面貌', '电子邮箱', '学历', '毕业院校', '所学专业', '工作年限', '通讯地址'];

interface Sheet {
  name: string;
  header: string[];
  /** The data rows below the header, keyed by the header's titles (a note after an empty row is left out). */
  rows: Record<string, string>[];
}

/** Clicks what downloads, and reads the file back: every sheet. */
async function exported(page: Page, click: () => Promise<void>): Promise<Sheet[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readXlsx(download);
}

async function readXlsx(download: Download): Promise<Sheet[]> {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book.worksheets.map((sheet) => {
    const lines = new Map<number, string[]>();
    sheet.eachRow((row, n) => lines.set(n, (row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const header = lines.get(1) ?? [];
    const rows: Record<string, string>[] = [];
    // The rows run on from row 2; a ranking sheet's note comes after an empty row.
    for (let n = 2; lines.has(n); n++) rows.push(Object.fromEntries(header.map((h, i) => [h, lines.get(n)![i] ?? ''])));
    return { name: sheet.name, header, rows };
  });
}

/** The visible list's rows (pages left open in other tabs stay in the document, hidden). */
const listRows = (page: Page) => main(page).locator('.ant-table-tbody > tr.ant-table-row').filter({ visible: true });

/** The list as the page shows it once loaded (every list here has rows): its pager's count (共 N 人, 共 N 项待审核…), and its first row's identity number. */
async function shownList(page: Page) {
  await pageSettled(page);
  const pager = main(page).locator('.ant-pagination-total-text').filter({ visible: true });
  await expect(pager.first()).toBeVisible();
  const total = Number(/共 (\d+)/.exec(await pager.first().innerText())?.[1]);
  const identityNo = /\d{17}[\dX]|\d{15}/.exec(await listRows(page).first().innerText())?.[0];
  expect(identityNo, 'the first row shows an identity number').toBeDefined();
  return { total, identityNo };
}

/** The file's one sheet holds the list: the columns, every row the pager counts, the page's first row first. */
function expectList(sheets: Sheet[], list: { total: number; identityNo?: string }, columns: string[], name?: string, identityColumn = '身份证号码') {
  expect(sheets).toHaveLength(1);
  const [sheet] = sheets as [Sheet];
  if (name) expect(sheet.name).toBe(name);
  expect(sheet.header).toEqual(expect.arrayContaining(columns));
  expect(sheet.rows).toHaveLength(list.total);
  expect(sheet.rows[0]?.[identityColumn]).toBe(list.identityNo);
  return sheet;
}

/**
 * The demo plan in review is worked by other stories at the same time (examine.spec applies to it and passes its
 * applications): the list is read before and after the download, and exported again (up to three times) until it
 * stood still around it. `reopen` shows the list again after a reload (choosing its plan where the page asks).
 */
async function exportSteadyList(page: Page, sheet: string, columns: string[], reopen: () => Promise<void> = async () => {}, name?: string) {
  for (let attempt = 1; ; attempt++) {
    const before = await shownList(page);
    const sheets = await exportSheet(page, sheet);
    await page.reload();
    await reopen();
    const after = await shownList(page);
    const steady = before.total === after.total && before.identityNo === after.identityNo;
    if (steady || attempt === 3) return { sheet: expectList(sheets, after, columns, name), list: after };
  }
}

const exportButton = (page: Page, name = '导出') => main(page).getByRole('button', { name, exact: true }).filter({ visible: true });

/** Exports one of the 导出 menu's tables (报名信息汇总表, 资格审查表). */
const exportSheet = (page: Page, sheet: string) =>
  exported(page, async () => {
    await exportButton(page).click();
    await clickSettled(page.getByRole('menu', { name: '导出菜单' }).getByRole('menuitem', { name: sheet }));
  });

/** Chooses an option of the page's select `label`, typed as a person narrows a long list; the options' titles. */
async function chooseIn(page: Page, label: string, option: string) {
  const box = main(page).getByRole('combobox', { name: label }).filter({ visible: true });
  await box.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const titles = await options.evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
  await clickSettled(page.getByTitle(option, { exact: true }).last());
  await expect(main(page).getByTitle(option, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  return titles;
}

test.describe('exports, read back', () => {
  // Several pages and downloads each, on a machine shared with other runs.
  test.describe.configure({ timeout: 240_000 });

  test('报名资格审核 (both tables), 待审核 (both tables) and 应聘查重', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);

    await openFromSideMenu(page, '资格审核', '报名资格审核');
    const chooseSubsidiary = () => choosePlan(page, SUBSIDIARY);
    await chooseSubsidiary();
    expect((await shownList(page)).total).toBeGreaterThan(20);
    const summary = await exportSteadyList(page, '报名信息汇总表', ['序号', ...IDENTITY, ...PERSON, '报名状态', '当前环节', '报名时间'], chooseSubsidiary, '报名信息汇总表');
    expect(summary.sheet.rows.every((r) => r['招录计划'] === SUBSIDIARY)).toBe(true);
    expect(summary.sheet.rows.at(-1)?.['序号']).toBe(String(summary.list.total));
    let { sheet } = await exportSteadyList(page, '资格审查表', ['序号', ...IDENTITY, '学历', '毕业院校', '所学专业', '报名状态', '当前环节'], chooseSubsidiary, '资格审查表');
    // Each work item's result, reviewer, time and opinion.
    for (const suffix of ['结果', '审核人', '审核时间', '意见']) expect(sheet.header.some((h) => h.endsWith(suffix)), suffix).toBe(true);

    await openFromSideMenu(page, '资格审核', '待审核');
    expect((await shownList(page)).total).toBeGreaterThan(0);
    await exportSteadyList(page, '报名信息汇总表', ['序号', '审核环节', ...IDENTITY, ...PERSON, '报名状态', '报名时间']);
    await exportSteadyList(page, '资格审查表', ['序号', ...IDENTITY, '学历', '毕业院校', '所学专业', '报名状态', '审核环节']);

    // 应聘查重: a row per member of each group the page shows (the demo plan's three groups fit one page).
    await openFromSideMenu(page, '资格审核', '应聘查重');
    await choosePlan(page, SUBSIDIARY);
    const found = main(page).getByText(/共发现 \d+ 组/).filter({ visible: true });
    await expect(found).toBeVisible();
    await pageSettled(page);
    const groups = Number(/共发现 (\d+) 组/.exec(await found.innerText())?.[1]);
    expect(groups).toBeGreaterThan(0);
    const members = await listRows(page).count();
    const firstIdentity = /\d{17}[\dX]|\d{15}/.exec(await listRows(page).first().innerText())?.[0];
    sheet = expectList(
      await exported(page, () => exportButton(page).click()),
      { total: members, identityNo: firstIdentity },
      ['组号', '疑似类型', '原因', ...IDENTITY, '出生日期', '学历', '毕业院校', '报名状态', '报名时间'],
      '应聘查重',
    );
    expect(sheet.rows.at(-1)?.['组号']).toBe(String(groups));
  });

  test('笔试工作, 面试工作, and the rankings of a post and of the whole plan', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);

    for (const [group, item, columns] of [
      ['笔试管理', '笔试工作', ['笔试成绩']],
      ['面试管理', '面试工作', ['面试成绩', '笔试成绩']],
    ] as const) {
      await openFromSideMenu(page, group, item);
      await choosePlan(page, FINISHED);
      const list = await shownList(page);
      expect(list.total, item).toBeGreaterThan(0);
      const sheet = expectList(
        await exported(page, () => exportButton(page).click()),
        list,
        ['序号', ...IDENTITY, '报名状态', '准考证号', '考场', '座位号', ...columns, '排名', ...PERSON, '报名时间'],
        item,
      );
      expect(sheet.rows.some((r) => r[columns[0]] !== ''), `${item}: scores`).toBe(true);
    }

    for (const [group, item, columns] of [
      ['笔试管理', '笔试排名', ['笔试成绩', '入围面试']],
      ['面试管理', '综合排名', ['笔试成绩', '面试成绩', '综合成绩', '拟录用']],
    ] as const) {
      await openFromSideMenu(page, group, item);
      await choosePlan(page, FINISHED);
      const posts = await chooseIn(page, '报考岗位', POST);
      expect(posts.length, 'the plan has several posts').toBeGreaterThan(1);
      const list = await shownList(page);
      expect(list.total, item).toBeGreaterThan(0);
      const header = ['名次', '姓名', '性别', '身份证号码', '手机号码', '准考证号', ...columns, '报名状态', '说明', '出生日期', '学历', '毕业院校', '所学专业'];
      // The chosen post, as on screen.
      expectList(
        await exported(page, () => exportButton(page, '导出 Excel').click()),
        list,
        ['名次', '姓名', '身份证号', '准考证号', ...columns, '说明'],
        undefined,
        '身份证号',
      );
      // The whole plan: a sheet per post, the chosen one as the page shows it.
      const sheets = await exported(page, () => exportButton(page, '导出全部岗位').click());
      expect(sheets.map((s) => s.name)).toEqual(expect.arrayContaining(posts));
      expect(sheets).toHaveLength(posts.length);
      expectList(
        sheets.filter((s) => s.name === POST),
        list,
        header,
      );
      for (const s of sheets) expect(s.header, s.name).toEqual(expect.arrayContaining(header));
    }
  });

  test('成绩录入与审核 and 成绩审核, with scores awaiting review (the hospital’s plan)', async ({ page }) => {
    // Company 1's plans have every score reviewed and published; the hospital's are half way.
    await signIn(page, ACCOUNTS.hospital);
    await openFromSideMenu(page, '笔试管理', '笔试成绩录入与审核');
    await choosePlan(page, HOSPITAL);
    let list = await shownList(page);
    expect(list.total).toBeGreaterThan(0);
    const columns = ['序号', ...IDENTITY, '报名状态', '准考证号', '考场', '座位号', '笔试成绩', '成绩状态', '排名', ...PERSON, '报名时间'];
    let sheet = expectList(await exported(page, () => exportButton(page).click()), list, columns, '笔试成绩录入');
    // Awaited or not yet reviewed.
    expect(sheet.rows.filter((r) => !['待录入', '已录入待审核', '缺考'].includes(r['成绩状态']!))).toEqual([]);

    await main(page).getByRole('button', { name: '去审核' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/writtenExamination\/writtenExaminationReview/);
    list = await shownList(page);
    expect(list.total).toBeGreaterThan(0);
    sheet = expectList(await exported(page, () => exportButton(page).click()), list, columns, '笔试成绩审核');
    expect(sheet.rows.filter((r) => !['已录入待审核', '已审核', '缺考', '缺考（已审核）'].includes(r['成绩状态']!))).toEqual([]);
  });
});

test('at 1440 px the plan and post tables fit and show plan names whole; at 800 px they scroll sideways', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.admin);

  /**
   * The cells show `text` whole: laid out inside the cell and the window, and its element not overflowing (an ellipsis
   * cuts a text that overflows its box). The cell's own scrollWidth cannot tell: a pinned column's shadow overflows it.
   */
  const expectWhole = async (text: string) => {
    const cells = main(page).getByRole('cell').filter({ hasText: text }).filter({ visible: true });
    await expect(cells.first()).toBeVisible();
    for (const cell of await cells.all()) {
      const layout = await cell.evaluate((td, wanted) => {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.includes(wanted)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const laid = range.getBoundingClientRect();
          const box = td.getBoundingClientRect();
          const holder = node.parentElement!;
          return {
            inCell: laid.left >= box.left && laid.right <= box.right,
            inWindow: laid.right <= window.innerWidth,
            overflows: holder.scrollWidth > holder.clientWidth,
          };
        }
        return undefined;
      }, text);
      expect(layout, `${text} is whole`).toEqual({ inCell: true, inWindow: true, overflows: false });
    }
  };
  /** At 1440 px the table needs no sideways scrolling and shows `plan` whole; at 800 px it scrolls, the name still whole. */
  const expectFits = async (plan: string) => {
    const scrolls = () => main(page).locator('.ant-table-content').filter({ visible: true }).evaluate((el) => el.scrollWidth > el.clientWidth);
    await expectWhole(plan);
    expect(await scrolls(), 'sideways scrolling at 1440 px').toBe(false);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(scrolls, 'sideways scrolling at 800 px').toBe(true);
    await expectWhole(plan);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(scrolls).toBe(false);
  };

  await openFromSideMenu(page, '招录计划', '添加招录计划');
  for (const plan of [FINISHED, SUBSIDIARY]) {
    // Searched for: plans made by other tests come first.
    const search = main(page).getByRole('searchbox', { name: '搜索招录计划' });
    await search.fill(plan);
    await search.press('Enter');
    await pageSettled(page);
    await expect(listRows(page)).toHaveCount(1);
    await expectFits(plan);
  }
  await screenshots(page, testInfo, 'plans');

  await openFromSideMenu(page, '招录计划', '添加招录岗位');
  for (const plan of [FINISHED, SUBSIDIARY]) {
    await chooseIn(page, '选择招录计划', plan);
    const chosen = main(page).getByTitle(plan, { exact: true }).filter({ visible: true }).first();
    expect(await chosen.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the chosen plan shows whole').toBe(true);
    await pageSettled(page);
    await expect(listRows(page).first()).toContainText(plan);
    await expectFits(plan);
  }
  await screenshots(page, testInfo, 'posts');
});
