import type { Page } from '@playwright/test';
import { main } from './exam-support';
import { clickSettled, expect } from './support';

/** What the stories of the gates (资格复审, 体检, 考察, 公示) share: their list, 确认名单, decisions and 递补. */

/** The candidate's row in a gate's list (the page names the list region after the gate, e.g. 体检名单). */
export const gateRow = (page: Page, gate: string, name: string) =>
  main(page).getByRole('region', { name: `${gate}名单` }).getByRole('row').filter({ hasText: name });

/** 确认名单 and its confirmation, which names how many enter. */
export async function confirmGateList(page: Page, gate: string, count: number) {
  await main(page).getByRole('button', { name: '确认名单' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `确认${gate}名单` });
  await expect(dialog).toContainText(String(count));
  await clickSettled(dialog.getByRole('button', { name: /确\s*定|确认/ }).last());
  await expect(main(page).getByRole('region', { name: `${gate}名单` })).toContainText(gate === '公示' ? '公示中' : '待定');
}

/** A batch decision without a reason (合格, 确认聘用) of the candidates named, confirmed in its dialog. */
export async function decideAll(page: Page, gate: string, names: string[], button = '合格') {
  for (const name of names) await gateRow(page, gate, name).getByRole('checkbox').check();
  await main(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `${button}：选中的 ${names.length} 人` });
  await clickSettled(dialog.getByRole('button', { name: button, exact: true }));
}

/** 不合格 or 放弃 of one candidate, with its reason. */
export async function decideOut(page: Page, gate: string, name: string, button: '不合格' | '放弃', reason: string) {
  await gateRow(page, gate, name).getByRole('checkbox').check();
  await main(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox') });
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: /确\s*定|确认/ }).last().click();
  await expect(gateRow(page, gate, name)).toContainText(button);
}

/** Opens the 递补 proposal of the vacancy `out` left on `post`: the dialog naming `next`. */
export async function openSubstitute(page: Page, gate: string, post: string, out: string, next: string) {
  const vacancies = main(page).getByRole('region', { name: `${gate}递补列表` });
  const name = `递补：${post}（${out}）`;
  await vacancies.getByRole('button', { name }).or(vacancies.getByRole('link', { name })).click();
  return page.getByRole('dialog').filter({ hasText: next });
}
