import type { Page } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, clickSettled, expect, login, openFromUserMenu, screenshots, settled, test, signIn } from './support';

/**
 * 站内信 (issue 12, SPEC dialog 6, DESIGN §10): the administrator writes to 李娜 from 站内信列表 (an empty message is
 * refused with '请输入发送内容'); 李娜 signs in, sees the unread count on the navbar's 站内信, opens the message, and
 * the count goes away.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const DEMO_PLAN = '2026年湘江人力资源服务集团下属企业公开招聘计划';
const CONTENT = `请于周五前完成报名资格审核（${stamp}）。`;

const main = (page: Page) => page.getByRole('main');
const inboxButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^站内信/ });

test('a staff member receives a message, sees the unread count and reads it', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await inboxButton(page).click();
  await expect(page).toHaveURL(`${MAIN_URL}/manage/userMessage`);
  await expect(main(page).getByText('站内信列表').first()).toBeVisible();

  await main(page).getByRole('button', { name: '发送站内信' }).click();
  const form = await settled(page.getByRole('dialog', { name: '发送站内信' }));
  await form.getByRole('button', { name: '发送' }).click();
  await expect(form.getByText('请输入发送内容')).toBeVisible();
  await expect(form.getByText('请选择接收人')).toBeVisible();
  await form.getByRole('combobox', { name: '接收人' }).fill(ACCOUNTS.shenhe.name);
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${ACCOUNTS.shenhe.name}`) }));
  await expect(form.getByText('请选择接收人')).toBeHidden();
  await form.getByLabel('发送内容').fill(CONTENT);
  await expect(form.getByText('请输入发送内容')).toBeHidden();
  await screenshots(page, test.info(), 'message-form');
  await form.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('发送成功').first()).toBeVisible();
  await expect(form).toBeHidden();
  await openFromUserMenu(page, '退出登录');

  await login(page, ACCOUNTS.shenhe);
  // A retry finds the first attempt's message unread as well: reading one takes one off whatever the count is.
  await expect(inboxButton(page)).toHaveAccessibleName(test.info().retry === 0 ? '站内信 1 条未读' : /^站内信 \d+ 条未读$/);
  const unread = Number(/(\d+) 条未读/.exec((await inboxButton(page).getAttribute('aria-label')) ?? '')?.[1]);
  await screenshots(page, test.info(), 'message-unread');
  await inboxButton(page).click();
  await expect(page).toHaveURL(`${MAIN_URL}/manage/userMessage`);
  const row = main(page).getByRole('row').filter({ hasText: CONTENT });
  await expect(row).toContainText('未读');
  await expect(row).toContainText(ACCOUNTS.admin.name);
  await clickSettled(row.getByRole('link', { name: '查看' }));
  const detail = await settled(page.getByRole('dialog', { name: '站内信详情' }));
  await expect(detail).toContainText(CONTENT);
  await expect(inboxButton(page)).toHaveAccessibleName(unread === 1 ? '站内信' : `站内信 ${unread - 1} 条未读`);
  await detail.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(detail).toBeHidden();
  await expect(row).toContainText('已读');
  await screenshots(page, test.info(), 'message-list');
});

test('the administrator writes to every candidate of a post of the demo plan', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await inboxButton(page).click();
  await main(page).getByRole('button', { name: '通知报名人员' }).click();
  const form = await settled(page.getByRole('dialog', { name: '通知报名人员' }));
  await form.getByRole('radio', { name: '招录岗位的报名人员' }).check();
  await form.getByRole('button', { name: '发送' }).click();
  await expect(form.getByText('请选择招录计划')).toBeVisible();
  await expect(form.getByText('请选择招录岗位')).toBeVisible();
  await expect(form.getByText('请输入发送内容')).toBeVisible();

  await form.getByRole('combobox', { name: '招录计划' }).click();
  await clickSettled(page.getByTitle(DEMO_PLAN, { exact: true }).last());
  await form.getByRole('combobox', { name: '招录岗位' }).click();
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: /^人力资源专员（报名 \d+ 人）$/ }));
  await form.getByLabel('发送内容').fill(`请留意笔试时间安排（${stamp}）。`);
  await form.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText(/^已发送给 \d+ 位报名人员$/)).toBeVisible();
  await expect(form).toBeHidden();
});
