import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { ACCOUNTS, MAIN_URL, clickSettled, expect, expectAccessible, openFromSideMenu, screenshots, settled, signIn, test } from './support';

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

/** Confirms 保存并发布 in the dialog; answers the list's row of `title`, which says 已发布. */
async function publish(page: Page, dialog: Locator, title: string) {
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = main(page).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('已发布');
  return row;
}

test('a notice with an image in its body and an attachment is published and reads back in its detail', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
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

  const row = await publish(page, dialog, NOTICE);
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
  await signIn(page, ACCOUNTS.admin);
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
  await signIn(page, ACCOUNTS.admin);
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
  const row = await publish(page, dialog, NEWS);
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
  await signIn(page, ACCOUNTS.admin);
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

/** What Excel puts on the clipboard for a copied range (text/html): a whole document, `mso-` styles, <col>, classes. */
const EXCEL_CLIPBOARD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Excel.Sheet>
<meta name=Generator content="Microsoft Excel 15">
<style><!--table {mso-displayed-decimal-separator:"\\.";}
.xl65 {mso-style-parent:style0; font-family:宋体; text-align:center; border:.5pt solid windowtext;}--></style></head>
<body link="#0563C1" vlink="#954F72">
<table border=0 cellpadding=0 cellspacing=0 width=288 style='border-collapse:collapse;width:216pt'>
<!--StartFragment-->
 <col width=72 span=4 style='width:54pt'>
 <tr height=19 style='height:14.25pt'>
  <td height=19 class=xl65 width=72 style='height:14.25pt;width:54pt'>准考证号</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>姓名</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>笔试成绩</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>是否进入面试</td>
 </tr>
 <tr height=19 style='height:14.25pt'>
  <td height=19 class=xl66 style='height:14.25pt;border-top:none' x:str>202601010101</td>
  <td class=xl65 style='border-top:none;border-left:none'>张三</td>
  <td class=xl67 align=right style='border-top:none;border-left:none' x:num>86.5</td>
  <td class=xl65 style='border-top:none;border-left:none'>是</td>
 </tr>
 <tr height=19 style='height:14.25pt'>
  <td height=19 class=xl66 style='height:14.25pt;border-top:none' x:str>202601010102</td>
  <td class=xl65 style='border-top:none;border-left:none'>李四</td>
  <td class=xl67 align=right style='border-top:none;border-left:none' x:num>79</td>
  <td class=xl65 style='border-top:none;border-left:none'>否</td>
 </tr>
<!--EndFragment-->
</table></body></html>`;

/** An MP3 as file-type detects it: an ID3 header and an MPEG audio frame. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);

test('a results table pasted from Excel stays a table, rows are added from the toolbar, and audio is inserted; the notice shows them', async ({ page }) => {
  const title = `笔试成绩公示（${stamp}）`;
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/manage/sysMessage');
  await main(page).getByRole('button', { name: '新增公告' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增公告' }));
  await dialog.getByLabel('标题', { exact: true }).fill(title);
  const editor = editorOf(dialog);
  await editor.click();
  await editor.pressSequentially('笔试成绩如下：');
  await editor.press('Enter');
  // Excel's clipboard, with the picture of the cells it puts beside the HTML: the table is pasted, not the picture.
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', '准考证号\t姓名\t笔试成绩\t是否进入面试\n202601010101\t张三\t86.5\t是\n202601010102\t李四\t79\t否\n');
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'image.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, EXCEL_CLIPBOARD);
  const table = editor.locator('table');
  await expect(table.locator('tr')).toHaveCount(3);
  await expect(table.locator('td')).toHaveCount(12);
  await expect(table).toContainText('202601010101');
  await expect(table.locator('[class], [style]')).toHaveCount(0);
  await expect(editor.locator('img')).toHaveCount(0);

  // A row below 李四, filled in with Tab between the cells.
  await table.getByText('李四').click();
  await dialog.getByRole('button', { name: '在下方插入行' }).click();
  await expect(table.locator('tr')).toHaveCount(4);
  // Tab from 李四 goes through the row's other cells to the new row's first.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('202601010103');
  for (const text of ['王五', '缺考', '否']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }

  // 插入音频: SPEC's audio upload widget, then 插入.
  await editor.locator('p').last().click();
  await dialog.getByRole('button', { name: '插入音频' }).click();
  const insert = await settled(page.getByRole('dialog', { name: '插入音频' }));
  await insert.getByLabel('选择音频文件').setInputFiles({ name: '考场须知.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
  await expect(insert.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await insert.getByRole('button', { name: '插入' }).click();
  await expect(insert).toBeHidden();
  await expect(editor.locator('audio[src^="/api/files/"]')).toHaveCount(1);
  await screenshots(page, test.info(), 'notice-table-editor');

  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await main(page).getByRole('row').filter({ hasText: title }).getByRole('link', { name: title }).click();
  const body = main(page).getByRole('region', { name: '公告正文' });
  const shown = body.locator('table');
  await expect(shown.locator('tr')).toHaveCount(4);
  await expect(shown.locator('tr').nth(3)).toHaveText(/202601010103\s*王五\s*缺考\s*否/);
  await expect(shown.locator('td').first()).toHaveCSS('border-top-style', 'solid');
  await expect(body.locator('audio[controls][src^="/api/files/"]')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/h7-notice-table.png', fullPage: true });
  await screenshots(page, test.info(), 'notice-table');
  // A notice with a table, an image and audio of its own: checked here rather than in the accessibility walk.
  await expectAccessible(page, 'a table, an image and audio');
});
