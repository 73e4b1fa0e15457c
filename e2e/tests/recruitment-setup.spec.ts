import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, PASSWORD, clickSettled, openFromSideMenu, expect, test, signIn } from './support';

/**
 * Issue 3's walk, as a new user of company 2 would do it (company 1's name is asserted by other tests,
 * so its data stays as seeded).
 */
const GROUP = '招录计划';
const stamp = Date.now().toString(36).slice(-5);
const DEPARTMENT = `信息科${stamp}`;
const ROLE = `考务员${stamp}`;
const ACCOUNT = `kaowu${stamp}`;

/** Picks `option` in the select or tree select labelled `field` inside `scope` (a dialog). */
async function chooseOption(page: Page, scope: Locator, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await clickSettled(page.getByTitle(option, { exact: true }).last());
}

test('company info, a department and a staff member with a role', async ({ page, browser }) => {
  await signIn(page, ACCOUNTS.hospital);

  await openFromSideMenu(page, GROUP, '设置单位信息');
  await expect(page).toHaveURL(`${MAIN_URL}/recruitmentPlan/companyInfo`);
  const introduce = page.getByLabel('单位简介');
  await introduce.fill('江城市第一人民医院始建于 1926 年，是一所三级甲等综合医院。');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await openFromSideMenu(page, GROUP, '设置招录部门');
  await page.getByRole('button', { name: '新增部门' }).click();
  const orgDialog = page.getByRole('dialog', { name: '新增部门' });
  await orgDialog.getByRole('button', { name: '保存' }).click();
  await expect(orgDialog.getByText('请输入部门名称')).toBeVisible();
  await orgDialog.getByLabel('部门名称').fill(DEPARTMENT);
  await orgDialog.getByRole('button', { name: '保存' }).click();
  await expect(orgDialog).toBeHidden();
  await expect(page.getByRole('tree', { name: '部门树' }).getByText(DEPARTMENT)).toBeVisible();

  await openFromSideMenu(page, GROUP, '添加工作人员');
  await page.getByRole('main').getByRole('tab', { name: '角色与权限' }).click();
  await page.getByRole('button', { name: '新增角色' }).click();
  const roleDialog = page.getByRole('dialog', { name: '新增角色' });
  await roleDialog.getByLabel('角色名称').fill(ROLE);
  await roleDialog.getByRole('checkbox', { name: '成绩录入' }).check();
  await roleDialog.getByRole('checkbox', { name: '笔试工作' }).check();
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(ROLE) })).toContainText('成绩录入');

  await page.getByRole('main').getByRole('tab', { name: '工作人员', exact: true }).click();
  await page.getByRole('button', { name: '添加工作人员' }).click();
  const staffDialog = page.getByRole('dialog', { name: '添加工作人员' });
  await staffDialog.getByLabel('姓名').fill('周婷');
  await staffDialog.getByLabel('登录账号').fill(ACCOUNT);
  await staffDialog.getByLabel('初始密码').fill(PASSWORD);
  await staffDialog.getByLabel('手机号码').fill('1234');
  await staffDialog.getByRole('button', { name: '保存' }).click();
  await expect(staffDialog.getByText('请输入正确的手机号码')).toBeVisible();
  await staffDialog.getByLabel('手机号码').fill('13871234567');
  await chooseOption(page, staffDialog, '所属部门', DEPARTMENT);
  await chooseOption(page, staffDialog, '角色', ROLE);
  await staffDialog.getByRole('button', { name: '保存' }).click();
  await expect(staffDialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(row).toContainText('周婷');
  await expect(row).toContainText(DEPARTMENT);
  await expect(row).toContainText(ROLE);

  // The new member signs in with the initial password and must first choose a password of her own.
  const other = await browser.newPage();
  await other.goto('/login');
  await other.getByLabel('账号').fill(ACCOUNT);
  await other.getByLabel('密码').fill(PASSWORD);
  await other.getByRole('button', { name: '登录' }).click();
  const mustChange = other.getByRole('main');
  await expect(mustChange.getByText('周婷，请先设置自己的密码')).toBeVisible();
  await expect(other.getByRole('button', { name: '用户菜单' })).toHaveCount(0);
  await mustChange.getByLabel('当前密码（初始密码或重置后的密码）').fill(PASSWORD);
  await mustChange.getByLabel('新密码', { exact: true }).fill(PASSWORD);
  await mustChange.getByLabel('确认新密码').fill(PASSWORD);
  await mustChange.getByRole('button', { name: '设置新密码并进入系统' }).click();
  await expect(other.getByText('新密码不能与原密码相同')).toBeVisible();
  await mustChange.getByLabel('新密码', { exact: true }).fill(`${PASSWORD}x`);
  await mustChange.getByLabel('确认新密码').fill(`${PASSWORD}x`);
  await mustChange.getByRole('button', { name: '设置新密码并进入系统' }).click();
  await expect(other.getByRole('button', { name: '用户菜单' })).toContainText('周婷');
  await expect(other).toHaveURL(`${MAIN_URL}/home`);
  await other.close();
});

/** 'YYYY-MM-DD HH:mm' in China time, `days` from now. */
function chinaTime(days: number, hour: number) {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return `${d.toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
}

async function pickDateTime(dialog: Locator, field: string, value: string) {
  const input = dialog.getByRole('textbox', { name: field });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('a plan with two posts, one with an attachment, and its job detail', async ({ page }) => {
  const PLAN = `2027年度公开招聘${stamp}`;
  await signIn(page, ACCOUNTS.hospital);

  await openFromSideMenu(page, GROUP, '添加招录计划');
  await page.getByRole('button', { name: '添加招录计划' }).click();
  const planDialog = page.getByRole('dialog', { name: '添加招录计划' });
  await planDialog.getByLabel('计划名称').fill(PLAN);
  await pickDateTime(planDialog, '报名开始时间', chinaTime(1, 9));
  await pickDateTime(planDialog, '报名结束时间', chinaTime(10, 17));
  await pickDateTime(planDialog, '笔试时间', chinaTime(20, 9));
  await pickDateTime(planDialog, '面试时间', chinaTime(30, 9));
  await planDialog.getByLabel('笔试地点').fill('江城市第一中学');
  await planDialog.getByLabel('面试地点').fill('江城市第一人民医院行政楼三楼');
  await planDialog.getByRole('button', { name: '保存' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(PLAN) })).toBeVisible();

  await openFromSideMenu(page, GROUP, '添加招录岗位');
  for (const post of [
    { name: '临床护士', places: '5', attachment: true },
    { name: '药剂师', places: '2', attachment: false },
  ]) {
    await page.getByRole('button', { name: '添加招录岗位' }).click();
    const postDialog = page.getByRole('dialog', { name: '添加招录岗位' });
    await chooseOption(page, postDialog, '招录计划', PLAN);
    await chooseOption(page, postDialog, '招录部门', '护理部');
    await postDialog.getByLabel('岗位名称').fill(post.name);
    await postDialog.getByLabel('招录人数').fill(post.places);
    await postDialog.getByLabel('薪资待遇').fill('8000-12000元/月');
    await postDialog.getByLabel('学历要求').fill('本科及以上');
    await postDialog.getByLabel('岗位描述').fill(`负责${post.name}相关工作。`);
    if (post.attachment) {
      await postDialog.getByRole('button', { name: '添加附件' }).click();
      const fileDialog = page.getByRole('dialog', { name: '添加附件' });
      await fileDialog.getByRole('button', { name: '确定' }).click();
      await expect(fileDialog.getByText('请输入附件名称')).toBeVisible();
      await expect(fileDialog.getByText('请上传附件')).toBeVisible();
      await fileDialog.getByLabel('附件名称').fill('报名须知');
      await fileDialog.locator('input[type=file]').setInputFiles({
        name: '报名须知.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      });
      await expect(fileDialog.getByText('报名须知.pdf')).toBeVisible();
      await fileDialog.getByRole('button', { name: '确定' }).click();
      await expect(fileDialog).toBeHidden();
      await expect(postDialog.getByRole('cell', { name: '报名须知' })).toBeVisible();
    }
    await postDialog.getByRole('button', { name: '保存' }).click();
    await expect(postDialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(post.name) }).first()).toBeVisible();
  }

  await page.getByRole('row', { name: /临床护士/ }).first().getByText('岗位详情').click();
  const detail = page.getByRole('dialog', { name: '岗位详情' });
  await expect(detail).toContainText('临床护士');
  await expect(detail).toContainText('8000-12000元/月');
  await expect(detail).toContainText('江城市第一人民医院');
  await expect(detail.getByRole('link', { name: /报名须知/ })).toBeVisible();
});

test("a plan's statistics chart and its applications", async ({ page }) => {
  const PLAN = '江城市第一人民医院2026年公开招聘专业技术人员计划';
  await signIn(page, ACCOUNTS.hospital);

  await openFromSideMenu(page, GROUP, '人数统计');
  await chooseOption(page, page.getByRole('main'), '招录计划', PLAN);
  const chart = page.getByRole('img', { name: '各岗位报名人数按状态分布图' });
  await expect(chart.locator('[data-bar="心血管内科医师"] rect[data-series]').first()).toBeVisible();
  const table = page.getByRole('table').filter({ hasText: '心血管内科医师' });
  const row = table.getByRole('row', { name: /心血管内科医师/ });
  const applied = Number(await row.getByRole('cell').nth(2).innerText());
  expect(applied).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '导出 Excel' })).toBeEnabled();

  // The post's name opens the list of its applications, paged on the server.
  await row.getByRole('link', { name: '心血管内科医师' }).click();
  await expect(page).toHaveURL(/\/recruitmentPlan\/AllCandidatelist\?/);
  await expect(page.getByText(`共 ${applied} 人`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('row')).not.toHaveCount(1);
});
