import type { APIRequestContext, Page } from '@playwright/test';
import { MAIN_URL, clickSettled, expect } from './support';

/** What the exam tests share: plans made through the API, and the plan chooser of the exam pages. */

/** GB 11643's check character of the first 17 digits. */
export function checkChar(first17: string) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

/** A POST to the API with the request context's session; the answer must be a success. */
export async function api<T>(request: APIRequestContext, path: string, data: unknown = {}): Promise<T> {
  const res = await request.post(`${MAIN_URL}/api${path}`, { data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** "YYYY-MM-DD HH:mm" in China time, `days` from now. */
export const chinaTime = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export const main = (page: Page) => page.getByRole('main');

/** Chooses `plan` in the page's 招录计划 selector. */
export async function choosePlan(page: Page, plan: string) {
  await main(page).getByRole('combobox', { name: '招录计划' }).click();
  await clickSettled(page.getByTitle(plan, { exact: true }).last());
}
