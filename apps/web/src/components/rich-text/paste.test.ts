import { describe, expect, it } from 'vitest';
import { pastedImages } from './paste';

const picture = { type: 'image/png', name: 'image.png' };
const excelHtml = `<html xmlns:x="urn:schemas-microsoft-com:office:excel"><head><meta name=ProgId content=Excel.Sheet>
<style><!--.xl65 {mso-style-parent:style0; text-align:center;}--></style></head>
<body><table border=0 width=144 style='border-collapse:collapse;width:108pt'><!--StartFragment-->
<col width=72 span=2 style='width:54pt'><tr height=19><td class=xl65>姓名</td><td class=xl65 x:num>86.5</td></tr>
<!--EndFragment--></table></body></html>`;

describe('what a paste uploads as images', () => {
  it('keeps a table copied from Excel or WPS as HTML, not the picture of the cells put beside it', () => {
    expect(pastedImages([picture], excelHtml)).toEqual([]);
    expect(pastedImages([picture], '<table><tr><td et2 class="et2">甲</td></tr></table>')).toEqual([]);
  });

  it('keeps text copied from Word as HTML', () => {
    expect(pastedImages([picture], '<html><head><style>p.MsoNormal{}</style></head><body><p class=MsoNormal>招聘公告</p></body></html>')).toEqual([]);
  });

  it('uploads an image copied alone, or with HTML that is only the image', () => {
    expect(pastedImages([picture], undefined)).toEqual([picture]);
    expect(pastedImages([picture], '')).toEqual([picture]);
    expect(pastedImages([picture], '<meta charset="utf-8"><img src="https://example.com/a.png" alt="">')).toEqual([picture]);
  });

  it('takes only image files', () => {
    expect(pastedImages([{ type: 'application/pdf' }, picture], undefined)).toEqual([picture]);
    expect(pastedImages([{ type: 'text/plain' }], '')).toEqual([]);
  });
});
