import { ACCOUNTS, MAIN_URL, expect, test, signIn } from './support';

test('the help centre lists articles and opens one', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/help/help`);

  const main = page.getByRole('main');
  const articles = main.getByRole('listitem').getByRole('link');
  await expect(articles.first()).toBeVisible();
  expect(await articles.count()).toBeGreaterThan(1);

  const first = articles.first();
  const title = (await first.textContent())!.trim();
  expect(title).not.toBe('');
  await first.click();

  await expect(page).toHaveURL(new RegExp(`^${MAIN_URL}/help/details\\?id=\\d+$`));
  // The list stays mounted (hidden) in its own tab; the article is the visible text.
  await expect(main.getByText(title, { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(main.getByText(/更新于 \d{4}-\d{2}-\d{2}/)).toBeVisible();

  await main.getByRole('link', { name: '返回帮助中心' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/help/help`);
});

test('the help search narrows the list', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  const main = page.getByRole('main');
  const articles = main.getByRole('listitem').getByRole('link');
  await expect(articles.first()).toBeVisible();
  const all = await articles.count();

  const search = main.getByRole('searchbox', { name: '搜索帮助文章' });
  await search.fill('账号锁定');
  await search.press('Enter');
  await expect(main.getByRole('link', { name: '忘记密码与账号锁定' })).toBeVisible();
  await expect.poll(() => articles.count()).toBeLessThan(all);

  await main.getByRole('link', { name: '忘记密码与账号锁定' }).click();
  await expect(page).toHaveURL(new RegExp(`/help/details\\?id=\\d+$`));
  await expect(main.getByRole('heading', { name: '账号锁定' })).toBeVisible();
});
