import type { Page } from '@playwright/test';
import { ACCOUNTS, choosePlan, expect, signIn, test } from './support';

// The pages of one plan open on a plan that has something for them, and keep the plan the user chose there. Company
// 1's demo plan is still in sign-up; its first-half plan is in the interview stage, its written scores published (other
// stories add plans of their own meanwhile, so the page may open on one of those: any plan with rows for it will do).
const IN_SIGN_UP = '2026年湘江人力资源服务集团下属企业公开招聘计划';

const main = (page: Page) => page.getByRole('main');
/** The plan selector, whose text is the plan shown. */
const shownPlan = (page: Page) => main(page).locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '招录计划' }) });

async function expectRows(page: Page) {
  await expect(main(page).getByRole('row').nth(1)).toBeVisible();
  await expect(main(page).locator('.ant-table-placeholder')).toHaveCount(0);
}

test('exam pages open on a plan with data for them, and keep a plan chosen on the page', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  for (const path of ['/writtenExamination/writtenTestRanking', '/auditionExamination/writtenPass', '/auditionExamination/qualifications']) {
    await page.goto(path);
    await expect(shownPlan(page)).toHaveText(/\S/);
    await expect(shownPlan(page)).not.toHaveText(IN_SIGN_UP);
    await expectRows(page);
  }

  // Chosen here, the plan in sign-up stays this page's plan when the user comes back, though it has nothing to rank.
  await page.goto('/writtenExamination/writtenTestRanking');
  await choosePlan(page, IN_SIGN_UP);
  await page.goto('/home');
  await page.goto('/writtenExamination/writtenTestRanking');
  await expect(shownPlan(page)).toHaveText(IN_SIGN_UP);
  // Elsewhere it is not forced on a page it has nothing for.
  await page.goto('/auditionExamination/writtenPass');
  await expect(shownPlan(page)).toHaveText(/\S/);
  await expect(shownPlan(page)).not.toHaveText(IN_SIGN_UP);
  await expectRows(page);
});
