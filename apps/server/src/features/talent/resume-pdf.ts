import type { ResumeView } from '@zhaokao/contracts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN;

export interface ResumePrint {
  realName: string;
  /** False prints a note that contact data and the latest job are hidden. */
  unlocked: boolean;
  photo: Buffer | null;
  resume: ResumeView;
}

/** 打印简历: the resume view (SPEC dialog 3) on A4 pages: a title, the photo, each section's fields in two columns, its lists as tables. */
export function drawResume(doc: PDFKit.PDFDocument, print: ResumePrint) {
  doc.addPage({ size: 'A4', margin: 0 });
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN;
    }
  };

  doc.font('bold').fontSize(20).fillColor('#000000').text('个人简历', MARGIN, y, { width: WIDTH, align: 'center' });
  y += 34;
  const photo = { x: MARGIN + WIDTH - 84, y, w: 84, h: 112 };
  if (print.photo) {
    try {
      doc.image(print.photo, photo.x, photo.y, { fit: [photo.w, photo.h], align: 'center', valign: 'center' });
    } catch {
      print = { ...print, photo: null };
    }
  }
  doc.lineWidth(0.6).strokeColor('#999999').rect(photo.x, photo.y, photo.w, photo.h).stroke();
  if (!print.photo) doc.font('regular').fontSize(11).fillColor('#999999').text('照片', photo.x, photo.y + photo.h / 2 - 7, { width: photo.w, align: 'center' });
  doc.font('bold').fontSize(16).fillColor('#000000').text(print.realName, MARGIN, y + 4, { width: WIDTH - photo.w - 16 });
  // Beside the photo, the facts a reader looks for first.
  const value = (code: string) => print.resume.sections.flatMap((s) => s.fields).find((f) => f.code === code)?.value ?? '';
  const age = value('age');
  const lines = [
    [value('sex'), age && `${age} 岁`, value('education'), value('graduateSchool'), value('politicalOutlook')].filter(Boolean).join(' · '),
    [value('phone') && `手机：${value('phone')}`, value('email') && `邮箱：${value('email')}`].filter(Boolean).join('　'),
    [value('position'), value('nowPosition')].filter(Boolean).join(' · '),
  ].filter(Boolean);
  let lineY = y + 32;
  for (const line of lines) {
    doc.font('regular').fontSize(10.5).fillColor('#333333').text(line, MARGIN, lineY, { width: WIDTH - photo.w - 16 });
    lineY += 20;
  }
  if (!print.unlocked) {
    doc.font('regular').fontSize(9).fillColor('#ad6800')
      .text('未解锁简历：联系方式已隐藏，出生日期以年龄显示，最近一份工作经历未显示。', MARGIN, lineY + 4, { width: WIDTH - photo.w - 16 });
  }
  y = photo.y + photo.h + 14;

  for (const section of print.resume.sections) {
    room(40);
    doc.save().rect(MARGIN, y, WIDTH, 20).fill('#eef3fb').restore();
    doc.font('bold').fontSize(11).fillColor('#1f3b73').text(section.groupName, MARGIN + 6, y + 4, { width: WIDTH - 12, lineBreak: false });
    y += 26;

    const columnWidth = WIDTH / 2;
    for (let i = 0; i < section.fields.length; i += 2) {
      const pair = section.fields.slice(i, i + 2);
      const heights = pair.map((f) => doc.font('regular').fontSize(9.5).heightOfString(f.value || '—', { width: columnWidth - 78 }));
      const height = Math.max(14, ...heights) + 6;
      room(height);
      pair.forEach((field, j) => {
        const x = MARGIN + j * columnWidth;
        doc.font('bold').fontSize(9.5).fillColor('#555555').text(field.name, x, y, { width: 72, lineBreak: false, ellipsis: true });
        doc.font('regular').fontSize(9.5).fillColor('#000000').text(field.value || '—', x + 76, y, { width: columnWidth - 78 });
      });
      y += height;
    }

    for (const list of section.lists) {
      room(36);
      doc.font('bold').fontSize(10).fillColor('#000000').text(list.name, MARGIN, y);
      y += 16;
      const cell = WIDTH / Math.max(1, list.columns.length);
      const drawRow = (values: string[], bold: boolean) => {
        const heights = values.map((v) => doc.font(bold ? 'bold' : 'regular').fontSize(9).heightOfString(v || '—', { width: cell - 8 }));
        const height = Math.max(...heights, 11) + 8;
        room(height);
        values.forEach((v, k) => {
          doc.lineWidth(0.5).strokeColor('#bbbbbb').rect(MARGIN + k * cell, y, cell, height).stroke();
          doc.font(bold ? 'bold' : 'regular').fontSize(9).fillColor('#000000').text(v || '—', MARGIN + k * cell + 4, y + 4, { width: cell - 8 });
        });
        y += height;
      };
      drawRow(list.columns.map((c) => c.title), true);
      if (list.rows.length === 0) drawRow(['无', ...list.columns.slice(1).map(() => '')], false);
      for (const row of list.rows) drawRow(list.columns.map((c) => row[c.key] ?? ''), false);
      y += 10;
    }
    y += 6;
  }
}
