import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ACCOUNTS, MAIN_URL, choosePlan, clickSettled, expect, openFromSettingsMenu, screenshots, test, signIn } from './support';

const DEMO_PLAN = '2026年湘江人力资源服务集团下属企业公开招聘计划';

/** A downloaded PNG's size and what its QR code reads. */
async function readPng(download: Download) {
  const image = PNG.sync.read(readFileSync((await download.path())!));
  return { width: image.width, height: image.height, qr: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data };
}

/** The id of the demo plan, as the signed-in page's session reads it. */
async function demoPlanId(page: Page) {
  const res = await page.request.post(`${MAIN_URL}/api/recruitment/recruitmentPlanExpand/options`, { data: {} });
  const plan = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((p) => p.name === DEMO_PLAN);
  expect(plan, 'the demo plan').toBeTruthy();
  return plan!.id;
}

/** Waits until the server's picture named `alt` has been drawn and shown. */
async function expectPictureShown(page: Page, alt: string) {
  const picture = page.getByRole('main').getByRole('img', { name: alt });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test.describe('推广海报 and 公司二维码', () => {
  test('a plan’s poster downloads as a PNG whose QR code leads to the plan’s candidate page', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, ACCOUNTS.admin);
    const planId = await demoPlanId(page);
    await page.getByRole('banner').getByRole('button', { name: '推广海报' }).click();
    await expect(page).toHaveURL(`${MAIN_URL}/poster/poster`);
    await choosePlan(page, DEMO_PLAN);
    await page.getByRole('radio', { name: '喜庆红' }).check();
    await expectPictureShown(page, '海报预览');

    const [poster] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载海报' }).click()]);
    expect(poster.suggestedFilename()).toBe(`${DEMO_PLAN}-推广海报.png`);
    expect(await readPng(poster)).toEqual({ width: 750, height: 1334, qr: `${MAIN_URL}/apply/companies/${ACCOUNTS.admin.companyId}/plans/${planId}` });
    await page.mouse.move(1, 1);
    await screenshots(page, testInfo, 'poster');

    // One post's poster: the post is named in the file, the QR code still leads to the plan.
    const postBox = page.getByRole('main').getByRole('combobox', { name: '岗位' });
    await postBox.focus();
    await postBox.press('ArrowDown');
    const posts = await page.request.post(`${MAIN_URL}/api/recruitment/recruitmentInfo/allList`, { data: { planId, pageNum: 1, pageSize: 200 } });
    const postName = ((await posts.json()) as { data: { list: { jobVacancy: string }[] } }).data.list[0]!.jobVacancy;
    await clickSettled(page.getByTitle(postName, { exact: true }).last());
    await page.getByRole('radio', { name: '清新绿' }).check();
    await expectPictureShown(page, '海报预览');
    const [postPoster] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载海报' }).click()]);
    expect(postPoster.suggestedFilename()).toBe(`${DEMO_PLAN}-${postName}-推广海报.png`);
    expect((await readPng(postPoster)).qr).toBe(`${MAIN_URL}/apply/companies/${ACCOUNTS.admin.companyId}/plans/${planId}`);
    await page.mouse.move(1, 1);
    await screenshots(page, testInfo, 'poster-post');
  });

  test('the company QR code downloads as a PNG leading to the company’s candidate page', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.admin);
    await openFromSettingsMenu(page, '公司二维码');
    await expect(page).toHaveURL(`${MAIN_URL}/setting/CompanyQrCode`);
    const url = `${MAIN_URL}/apply/companies/${ACCOUNTS.admin.companyId}`;
    await expect(page.getByRole('main').getByText(`扫码打开本单位报名页：${url}`)).toBeVisible();
    await expectPictureShown(page, '公司二维码');

    const [qr] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载二维码' }).click()]);
    expect(qr.suggestedFilename()).toBe(`${ACCOUNTS.admin.companyName}-公司二维码.png`);
    expect(await readPng(qr)).toEqual({ width: 600, height: 720, qr: url });
    await page.mouse.move(1, 1);
    await screenshots(page, testInfo, 'company-qr-code');
  });

  test('a company without the right cannot fetch its QR code, but makes posters', async ({ page }) => {
    await signIn(page, ACCOUNTS.hospital);
    const res = await page.request.get(`${MAIN_URL}/api/admin/poster/companyQrCode`);
    expect(res.status()).toBe(403);
    expect((await res.json()).msg).toBe('本单位未购买该功能或已过期');
    await expect(page.getByRole('banner').getByRole('button', { name: '推广海报' })).toBeVisible();
  });
});
