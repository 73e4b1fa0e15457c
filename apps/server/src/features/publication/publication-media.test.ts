import { PUBLICATION_MESSAGES, addNotice, getCompanyNoticeDetail, newsDetail, saveNews } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyPublication, storedFile } from '../../db/tables.js';
import { expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { publication: companyPublication, file: storedFile });

/**
 * What Excel (Microsoft Excel 16, Windows) puts on the clipboard as text/html for a copied range of cells: a whole
 * document with Office namespaces, `mso-` styles in <style>, a <col>, classes and inline styles on every cell, `x:num`.
 * WPS 表格 writes the same shape (classes `et2`…, `x:str`).
 */
const EXCEL_CLIPBOARD = `<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:x="urn:schemas-microsoft-com:office:excel"
xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Excel.Sheet>
<meta name=Generator content="Microsoft Excel 15">
<link id=Main-File rel=Main-File href="file:///C:/Users/hr/AppData/Local/Temp/msohtmlclip1/01/clip.htm">
<link rel=File-List href="file:///C:/Users/hr/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<style>
<!--table
	{mso-displayed-decimal-separator:"\\.";
	mso-displayed-thousand-separator:"\\,";}
@page
	{margin:.75in .7in .75in .7in;
	mso-header-margin:.3in;
	mso-footer-margin:.3in;}
.xl65
	{mso-style-parent:style0;
	font-family:宋体;
	mso-font-charset:134;
	text-align:center;
	border:.5pt solid windowtext;}
-->
</style>
</head>

<body link="#0563C1" vlink="#954F72">

<table border=0 cellpadding=0 cellspacing=0 width=288 style='border-collapse:
 collapse;width:216pt'>
<!--StartFragment-->
 <col width=72 span=4 style='width:54pt'>
 <tr height=19 style='height:14.25pt'>
  <td height=19 class=xl65 width=72 style='height:14.25pt;width:54pt'>准考证号</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>姓名</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>笔试成绩</td>
  <td class=xl65 width=72 style='border-left:none;width:54pt'>备注</td>
 </tr>
 <tr height=19 style='height:14.25pt'>
  <td height=19 class=xl66 style='height:14.25pt;border-top:none' x:str="2026010101">2026010101</td>
  <td class=xl65 style='border-top:none;border-left:none'><font class="font5">张三</font></td>
  <td class=xl67 align=right style='border-top:none;border-left:none;mso-number-format:"0\\.0"' x:num>86.5</td>
  <td class=xl65 style='border-top:none;border-left:none'>　</td>
 </tr>
 <tr height=19 style='height:14.25pt'>
  <td colspan=2 height=19 class=xl68 style='height:14.25pt;mso-ignore:colspan'>平均</td>
  <td rowspan=1 class=xl67 x:num x:fmla="=AVERAGE(C2:C2)">86.5</td>
  <td class=xl65></td>
 </tr>
<!--EndFragment-->
</table>

</body>

</html>`;

let videoKey: string;
let audioKey: string;
let imageKey: string;
let otherVideoKey: string;
let otherAudioKey: string;
let videoId: number;

async function addFile(companyId: number, uploaderId: number, kind: 'image' | 'video' | 'audio') {
  const extension = { image: 'png', video: 'mp4', audio: 'mp3' }[kind];
  const key = `${companyId}/202611/${kind}-${Math.random().toString(36).slice(2)}.${extension}`;
  const [row] = await t.db
    .insert(storedFile)
    .values({ companyId, uploaderId, key, originalName: `${kind}.${extension}`, mime: `${kind}/x`, size: 10, kind })
    .returning({ id: storedFile.id, key: storedFile.key });
  return row!;
}

const notice = (content: string) => t.call(addNotice, { title: '成绩公告', content, top: false }, { token: t.admin });

/** Saves `content` as a notice and as a news item of company 1 and answers both as read back. */
async function savedBoth(content: string) {
  const noticeAnswer = await notice(content);
  const newsAnswer = await t.call(saveNews, { title: '新闻', content, summary: '', top: false }, { token: t.admin });
  expect(noticeAnswer).toMatchObject({ status: 200, code: 200 });
  expect(newsAnswer).toMatchObject({ status: 200, code: 200 });
  return [
    (await t.call(getCompanyNoticeDetail, { id: noticeAnswer.data.id }, { token: t.admin })).data.content,
    (await t.call(newsDetail, { id: newsAnswer.data.id }, { token: t.admin })).data.content,
  ];
}

beforeAll(async () => {
  const video = await addFile(t.company1, t.adminId, 'video');
  videoKey = video.key;
  videoId = video.id;
  audioKey = (await addFile(t.company1, t.adminId, 'audio')).key;
  imageKey = (await addFile(t.company1, t.adminId, 'image')).key;
  otherVideoKey = (await addFile(t.company2, t.hospitalId, 'video')).key;
  otherAudioKey = (await addFile(t.company2, t.hospitalId, 'audio')).key;
});

describe('a table pasted from Excel or WPS', () => {
  it('is kept as a clean table: cells, text and spans; no Office styles, classes, <col>, sizes or document parts', async () => {
    for (const html of await savedBoth(EXCEL_CLIPBOARD)) {
      expect(html.replace(/\s+/g, '')).toBe(
        [
          '<table>',
          '<tr><td>准考证号</td><td>姓名</td><td>笔试成绩</td><td>备注</td></tr>',
          '<tr><td>2026010101</td><td>张三</td><td>86.5</td><td></td></tr>',
          '<tr><tdcolspan="2">平均</td><tdrowspan="1">86.5</td><td></td></tr>',
          '</table>',
        ].join(''),
      );
      expect(html).not.toMatch(/class|style|mso|width|height|<col|<font|x:|<meta|<link|<!--|xl65/);
    }
  });

  it('keeps the table the editor writes (header row, body) as it is', async () => {
    const table =
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>姓名</p></th><th><p>成绩</p></th></tr>' +
      '<tr><td><p>张三</p></td><td colspan="2" rowspan="2"><p>86.5</p></td></tr></tbody></table>';
    for (const html of await savedBoth(table)) expect(html).toBe(table);
  });
});

describe('video and audio in the content', () => {
  it('keeps a player of the company’s own video or audio file, with controls and nothing else', async () => {
    const content =
      `<p>说明</p><video src="/api/files/${videoKey}" controls autoplay loop muted poster="https://example.com/p.png" style="position:fixed" onplay="alert(1)"></video>` +
      `<audio controls src="/api/files/${audioKey}" autoplay></audio>` +
      `<video controls><source src="/api/files/${videoKey}" type="video/mp4" onerror="alert(1)"><source src="https://example.com/x.mp4"></video>`;
    for (const html of await savedBoth(content)) {
      expect(html).toBe(
        `<p>说明</p><video src="/api/files/${videoKey}" controls></video><audio src="/api/files/${audioKey}" controls></audio>` +
          `<video controls><source src="/api/files/${videoKey}" /></video>`,
      );
    }
    // Published content is read by candidates: the played file became public-readable.
    const [file] = await t.db.select({ isPublic: storedFile.isPublic }).from(storedFile).where(eq(storedFile.id, videoId));
    expect(file!.isPublic).toBe(true);
  });

  it('drops players of another company’s file, an outside address, a file of another kind or an address that is not allowed', async () => {
    const content = [
      '<p>正文</p>',
      `<video controls src="/api/files/${otherVideoKey}"></video>`,
      `<audio controls src="/api/files/${otherAudioKey}"></audio>`,
      '<video controls src="https://example.com/a.mp4"></video>',
      '<audio controls src="https://example.com/a.mp3"></audio>',
      `<audio controls src="/api/files/${videoKey}"></audio>`,
      `<video controls src="/api/files/${imageKey}"></video>`,
      `<video controls src="/api/files/../${videoKey}"></video>`,
      `<video controls src="javascript:alert(1)"></video>`,
      `<video controls><source src="/api/files/${otherVideoKey}"><source src="https://example.com/b.mp4"></video>`,
      '<video controls src="/api/files/1/202611/missing.mp4"></video>',
      '<source src="https://example.com/c.mp4">',
    ].join('');
    for (const html of await savedBoth(content)) expect(html).toBe('<p>正文</p>');
  });

  it('a player alone is content; a player of another company’s file alone is empty and refused, saving nothing', async () => {
    expect((await notice(`<video controls src="/api/files/${videoKey}"></video>`)).status).toBe(200);
    for (const content of [
      `<video controls src="/api/files/${otherVideoKey}"></video>`,
      '<audio controls src="https://example.com/a.mp3"></audio>',
      '<video controls></video>',
    ]) {
      await expectRefusedUnchanged(snapshot, () => notice(content), 400, PUBLICATION_MESSAGES.emptyContent);
    }
  });

  it('a gallery of the company’s images is kept in order', async () => {
    const content = `<p>现场照片</p><img src="/api/files/${imageKey}" alt="一" /><img src="/api/files/${imageKey}" alt="二" />`;
    for (const html of await savedBoth(content)) expect(html).toBe(content);
  });
});
