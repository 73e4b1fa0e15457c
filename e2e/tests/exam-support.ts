import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type InputOf, savePlan } from '@zhaokao/contracts';
import { PNG } from 'pngjs';
import { ACCOUNTS, MAIN_URL, PASSWORD, expect } from './support';

/**
 * What the exam tests (and the sign-up review and talent pool ones) share: candidates and plans made through the API,
 * and the plan chooser of the exam pages.
 */

/** GB 11643's check character of the first 17 digits. */
export function checkChar(first17: string) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

/**
 * A spec's maker of candidates: each call answers a valid identity number and a phone that no other call of the run
 * (`stamp`, six digits) answers. The birth decade (`'199'`: 1990 to 1999) and month and the phone's first three digits
 * keep one spec's candidates apart from another's.
 */
export function personMaker(stamp: string, spec: { decade: string; month: string; phonePrefix: string }) {
  let sequence = 0;
  return () => {
    sequence++;
    const day = String(((Number(stamp) + sequence) % 28) + 1).padStart(2, '0');
    const first17 = `430105${spec.decade}${sequence % 10}${spec.month}${day}${String((Number(stamp) * 7 + sequence) % 1000).padStart(3, '0')}`;
    return { identityNo: first17 + checkChar(first17), phone: `${spec.phonePrefix}${stamp}${String(sequence).padStart(2, '0')}` };
  };
}

/** POSTs to the API of the server at `origin` with the request context's session; the answer must be a success. */
export const apiAt =
  (origin: string) =>
  async <T>(request: APIRequestContext, path: string, data: unknown = {}): Promise<T> => {
    const res = await request.post(`${origin}/api${path}`, { data });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, `${path}: ${body.msg}`).toBe(200);
    return body.data;
  };

/** A POST to the API with the request context's session; the answer must be a success. */
export const api = apiAt(MAIN_URL);

/** "YYYY-MM-DD HH:mm" in China time, `days` from now. */
export const chinaTime = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export const main = (page: Page) => page.getByRole('main');

/** Signs the request context in as the demo admin through the API of the server at `origin`. */
export const signInAsAdmin = (request: APIRequestContext, origin = MAIN_URL) =>
  apiAt(origin)(request, '/app/company/companyLogin', { loginAccount: ACCOUNTS.admin.loginAccount, password: PASSWORD });

/** The dates of a plan whose exams are soon, as in a real cycle: sign-up open now until in 5 days, the written exam in 6, the interview in 8. */
export const examsSoon = () => ({ signUpStartDate: chinaTime(-1), signUpEndDate: chinaTime(5), writtenStartDate: chinaTime(6), auditionStartDate: chinaTime(8) });

/**
 * Signs the request context in as the demo admin (on the server at `origin`) and makes a published plan of `plan`'s
 * fields (by default sign-up open now, the written exam in 20 days, the interview in 30): its id and the company's
 * first department.
 */
export async function publishedPlan(request: APIRequestContext, plan: { name: string } & Partial<InputOf<typeof savePlan>>, origin = MAIN_URL) {
  const post = apiAt(origin);
  await signInAsAdmin(request, origin);
  const { id } = await post<{ id: number }>(request, '/recruitment/recruitmentPlanExpand/save', {
    signUpStartDate: chinaTime(-1),
    signUpEndDate: chinaTime(10),
    writtenStartDate: chinaTime(20),
    auditionStartDate: chinaTime(30),
    ...plan,
  });
  await post(request, `/recruitment/recruitmentPlanExpand/updateStatus/${id}`, { status: 'published' });
  const [department] = await post<{ id: number }[]>(request, '/company/sysOrg/treeList');
  return { planId: id, departmentId: department!.id };
}

/** Company 1's seeded plan, whose sign-up is open. */
export const DEMO_PLAN = '2026年湘江人力资源服务集团下属企业公开招聘计划';

/** Signs the request context in as the demo admin and answers the first post of the demo plan. */
export async function demoPostId(request: APIRequestContext) {
  await signInAsAdmin(request);
  const { list } = await api<{ list: { id: number; planName: string }[] }>(request, '/recruitment/recruitmentInfo/allList', { pageNum: 1, pageSize: 50 });
  const post = list.find((p) => p.planName === DEMO_PLAN);
  expect(post, 'a post of the demo plan').toBeTruthy();
  return post!.id;
}

/** The company's staff as the workflow offers them: id by name. */
export async function staffIdOf(request: APIRequestContext) {
  const staff = await api<{ id: number; name: string }[]>(request, '/recruitment/workflow/staffOptions');
  return (name: string) => staff.find((s) => s.name === name)!.id;
}

/**
 * Waits for a result dialog (it shows once the lists the batch changed have been read again: slow on a busy machine),
 * closes it with 知道了 and waits until it is gone. Once, on a busy machine, the click was taken and the dialog stayed
 * open (cause not found): it is clicked again until it has closed.
 */
export async function acknowledge(dialog: Locator) {
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: '知道了' }).click({ timeout: 5_000 });
    await expect(dialog).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** A 3 × 4 cm photo (a blue background, a face-coloured oval), uploaded: its url. */
export async function uploadPhoto(request: APIRequestContext) {
  const png = new PNG({ width: 120, height: 160 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const face = ((x - 60) / 34) ** 2 + ((y - 70) / 44) ** 2 < 1;
      png.data.set(face ? [240, 200, 170, 255] : [60, 120, 200, 255], (y * png.width + x) * 4);
    }
  }
  const res = await request.post(`${MAIN_URL}/api/admin/qiniu/imageUpload`, {
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) } },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data.url;
}
