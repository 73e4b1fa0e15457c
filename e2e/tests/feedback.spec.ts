import type { Page } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, PASSWORD, clickSettled, expect, openFromSettingsMenu, screenshots, settled, test, signIn } from './support';

/**
 * 公司反馈 (issue 12, DESIGN §10 and §12): a company's staff member writes to the platform from 设置 → 公司反馈; the
 * platform operator answers it in the operator's own area; the company then sees it 已回复, with the reply.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const TITLE = `导出报名人员很慢（${stamp}）`;
const CONTENT = '导出全部报名人员时要等一分多钟，\n能否改为后台生成后下载？';
const REPLY = `已加入下个版本的计划，届时导出改为后台生成（${stamp}）。`;

const main = (page: Page) => page.getByRole('main');

test('a company sends feedback, the operator replies, and the company reads the reply', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await openFromSettingsMenu(page, '公司反馈');
  await expect(page).toHaveURL(`${MAIN_URL}/setting/CompanyFeedback`);

  await main(page).getByRole('button', { name: '提交反馈' }).click();
  const form = await settled(page.getByRole('dialog', { name: '提交反馈' }));
  // Nothing filled in: the contracts' messages, in Chinese.
  await form.getByRole('button', { name: '提交' }).click();
  await expect(form.getByText('请输入反馈标题')).toBeVisible();
  await expect(form.getByText('请输入反馈内容')).toBeVisible();
  await form.getByRole('radio', { name: '问题反馈' }).check();
  await form.getByLabel('反馈标题').fill(TITLE);
  await form.getByLabel('反馈内容').fill(CONTENT);
  await expect(form.getByText('请输入反馈内容')).toBeHidden();
  await screenshots(page, test.info(), 'feedback-form');
  await form.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('反馈已提交').first()).toBeVisible();
  await expect(form).toBeHidden();
  const row = main(page).getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('待回复');
  await expect(row).toContainText('问题反馈');

  // The operator, in the operator's own area (its own sign-in, its own cookie).
  const operator = await page.context().newPage();
  await operator.goto('/platform/feedback');
  await expect(operator).toHaveURL(/\/platform\/login\?redirect=/);
  await operator.getByLabel('账号').fill('yunying');
  await operator.getByLabel('密码').fill(PASSWORD);
  await operator.getByRole('button', { name: '登录' }).click();
  await expect(operator).toHaveURL(/\/platform\/feedback$/);
  await expect(operator).toHaveTitle('公司反馈 - 招考平台运营');
  const waiting = main(operator).getByRole('row').filter({ hasText: TITLE });
  await expect(waiting).toContainText(ACCOUNTS.admin.companyName);
  await expect(waiting).toContainText('待回复');
  await waiting.getByRole('link', { name: '回复' }).click();
  const dialog = await settled(operator.getByRole('dialog', { name: '回复反馈' }));
  await expect(dialog).toContainText('能否改为后台生成后下载？');
  await dialog.getByRole('button', { name: '回复' }).click();
  await expect(dialog.getByText('请输入回复内容')).toBeVisible();
  await dialog.getByLabel('回复内容').fill(REPLY);
  await expect(dialog.getByText('请输入回复内容')).toBeHidden();
  await screenshots(operator, test.info(), 'operator-reply');
  await dialog.getByRole('button', { name: '回复' }).click();
  await expect(operator.getByText('回复成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(waiting).toContainText('已回复');
  await screenshots(operator, test.info(), 'operator-feedback');
  await operator.close();

  // Back in the company's back office: 已回复, and the reply in the list and in the detail.
  await page.reload();
  await expect(row).toContainText('已回复');
  await expect(row).toContainText(REPLY);
  await clickSettled(row.getByRole('link', { name: '详情' }));
  const detail = await settled(page.getByRole('dialog', { name: '反馈详情' }));
  await expect(detail).toContainText(REPLY);
  await expect(detail).toContainText('能否改为后台生成后下载？');
  await screenshots(page, test.info(), 'feedback-detail');
  await detail.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(detail).toBeHidden();
  await screenshots(page, test.info(), 'feedback-list');
});
