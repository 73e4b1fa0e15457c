import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { ACCOUNTS, MAIN_URL, clickSettled, expect, login, openFromSideMenu, screenshots, settled, test } from './support';

/**
 * 公示公告 and 新闻发布 (issue 12, DESIGN §10): a notice written in the rich-text editor with an uploaded image and an
 * attachment is published and reads back in its detail; a news item with a cover is published and shows its cover;
 * an empty body and a confirm while an image is still uploading are refused with their Chinese messages.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const NOTICE = `2026年度公开招聘笔试安排公告（${stamp}）`;
const NEWS = `集团举办校园招聘宣讲会（${stamp}）`;
const UPLOADING = '图片或附件正在上传，请等待上传完成后再保存';

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');

/** A small PNG of two shades of a colour (what a staff member would insert: a photo or a chart). */
function png(width: number, height: number, colour: [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = y < height / 3;
      image.data.set(band ? [...colour.map((c) => Math.round(c / 2)), 255] : [...colour, 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(image);
}

/** The image has been fetched and decoded: it shows. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
}

const editorOf = (dialog: Locator) => dialog.getByRole('textbox', { name: '正文内容' });

async function insertImage(dialog: Locator, name: string, buffer: Buffer) {
  await dialog.getByLabel('选择要插入的图片').setInputFiles({ name, mimeType: 'image/png', buffer });
}

test('a notice with an image in its body and an attachment is published and reads back in its detail', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await openFromSideMenu(page, '公告管理', '公示公告');
  await expect(page).toHaveURL(`${MAIN_URL}/manage/sysMessage`);

  await main(page).getByRole('button', { name: '新增公告' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增公告' }));
  const editor = editorOf(dialog);
  await expect(editor).toBeVisible();
  // Nothing written: the contracts' messages.
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(dialog.getByText('请输入标题')).toBeVisible();
  await expect(dialog.getByText('请输入正文内容')).toBeVisible();

  await dialog.getByLabel('标题', { exact: true }).fill(NOTICE);
  await editor.click();
  await dialog.getByRole('combobox', { name: '段落格式' }).click();
  await clickSettled(page.getByTitle('标题 2', { exact: true }).last());
  await editor.pressSequentially('笔试安排');
  await editor.press('Enter');
  await editor.pressSequentially('笔试定于12月6日上午9:00在湘江大厦举行，请考生携带准考证和身份证提前30分钟入场。');
  await expect(dialog.getByText('请输入正文内容')).toBeHidden();
  await dialog.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('考场示意图如下：');
  await editor.press('Enter');
  await insertImage(dialog, '考场示意图.png', png(240, 140, [64, 158, 255]));
  await expectLoaded(editor.locator('img[src^="/api/files/"]'));

  await dialog.getByLabel('上传附件').setInputFiles({
    name: '考场安排表.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(dialog.getByText('考场安排表.pdf')).toBeVisible();
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await screenshots(page, test.info(), 'notice-editor');

  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = main(page).getByRole('row').filter({ hasText: NOTICE });
  await expect(row).toContainText('已发布');
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await screenshots(page, test.info(), 'notice-list');

  await row.getByRole('link', { name: NOTICE }).click();
  await expect(page).toHaveURL(/\/manage\/newsDetails\?id=\d+$/);
  const body = main(page).getByRole('region', { name: '公告正文' });
  await expect(body.getByRole('heading', { name: '笔试安排' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('考场示意图如下：');
  await expectLoaded(body.locator('img[src^="/api/files/"]'));
  const attachment = main(page).getByRole('region', { name: '附件' }).getByRole('link', { name: '考场安排表.pdf' });
  await expect(attachment).toHaveAttribute('href', /^\/api\/files\//);
  await expect(main(page)).toContainText('已发布');
  await screenshots(page, test.info(), 'notice-detail');
});

test('an empty body and a confirm while an image is uploading are refused', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await page.goto('/manage/sysMessage');
  await main(page).getByRole('button', { name: '新增公告' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增公告' }));
  const title = `草稿公告（${stamp}）`;
  await dialog.getByLabel('标题', { exact: true }).fill(title);
  // Spaces alone are no body.
  await editorOf(dialog).pressSequentially('   ');
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(dialog.getByText('请输入正文内容')).toBeVisible();

  // The upload is held back: confirming meanwhile is refused and saves nothing.
  const gate: { release?: () => void } = {};
  const held = new Promise<void>((resolve) => (gate.release = resolve));
  await page.route(
    (url) => url.pathname === '/api/admin/qiniu/imageUpload',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await insertImage(dialog, '慢图.png', png(120, 80, [103, 194, 58]));
  await expect(dialog.getByRole('status')).toContainText('图片上传中');
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText(UPLOADING)).toBeVisible();
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(dialog).toBeVisible();
  await screenshots(page, test.info(), 'notice-uploading');
  gate.release?.();
  await expectLoaded(editorOf(dialog).locator('img[src^="/api/files/"]'));
  await expect(dialog.getByRole('status')).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('row').filter({ hasText: title })).toContainText('草稿');
});

test('a news item with a cover is published and shows its cover in the list and its detail', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await page.getByRole('banner').getByRole('button', { name: '新闻发布' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/sysManage/introduceCms`);

  await main(page).getByRole('button', { name: '新增新闻' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增新闻' }));
  await dialog.getByLabel('标题', { exact: true }).fill(NEWS);
  await dialog.getByLabel('摘要').fill('11月20日，集团在湘江大学举办2026年校园招聘宣讲会，近三百名毕业生到场。');
  await dialog.getByLabel('上传封面').setInputFiles({ name: '宣讲会.png', mimeType: 'image/png', buffer: png(320, 180, [230, 162, 60]) });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await editorOf(dialog).click();
  await editorOf(dialog).pressSequentially('宣讲会上，人力资源部介绍了今年的招聘岗位和报名流程。');
  await dialog.getByRole('button', { name: '居中' }).click();
  await screenshots(page, test.info(), 'news-editor');
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = main(page).getByRole('row').filter({ hasText: NEWS });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('近三百名毕业生');
  await expectLoaded(row.getByRole('img', { name: `${NEWS}的封面` }));
  await screenshots(page, test.info(), 'news-list');

  await row.getByRole('link', { name: NEWS }).click();
  await expect(page).toHaveURL(/\/sysManage\/introduceCmsdetails\?id=\d+$/);
  await expectLoaded(main(page).getByRole('img', { name: `${NEWS}的封面` }));
  const body = main(page).getByRole('region', { name: '新闻正文' });
  await expect(body).toContainText('人力资源部介绍了今年的招聘岗位');
  await expect(body.locator('p[style*="center"]')).toHaveCount(1);
  await expect(main(page)).toContainText('已发布');
  await screenshots(page, test.info(), 'news-detail');
});

test('an editor whose script cannot load says so, and loads on 重试', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await page.goto('/sysManage/introduceCms');
  let failing = true;
  await page.route(/\/assets\/RichTextEditor-[^/]+\.js$/, (route) => (failing ? route.abort('connectionfailed') : route.continue()));
  await main(page).getByRole('button', { name: '新增新闻' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增新闻' }));
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('编辑器加载失败');
  await expect(editorOf(dialog)).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: '重试' }).click();
  await expect(editorOf(dialog)).toBeVisible();
  await expect(alert).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
