import type { ResumeView } from '@zhaokao/contracts';
import { type FitOptions, fitText, writeFitted } from '../../shared/pdf.js';
import { drawPhoto } from '../exam/index.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN;
const PAIRS_PER_ROW = 3;
const LABEL_WIDTH = 62;
const PAIR_WIDTH = WIDTH / PAIRS_PER_ROW;
const CELL_PAD = 2;
const SHOWN_ABOVE = new Set(['realName', 'identityNo', 'phone', 'certificateImage']);

export interface RegistrationFormPrint {
  companyName: string;
  planName: string;
  jobVacancy: string;
  applicationNo: string;
  /** China time, 'YYYY-MM-DD HH:mm'. */
  appliedAt: string;
  realName: string;
  identityNo: string;
  phone: string;
  photo: Buffer | null;
  resume: ResumeView;
}

/**
 * 报名登记表 on the first page(s) — the application's facts beside the photo, then the resume as submitted in a ruled
 * table — and the 诚信承诺书 on a page of its own, both to be signed by the candidate.
 */
export function drawRegistrationForm(doc: PDFKit.PDFDocument, form: RegistrationFormPrint) {
  drawForm(doc, form);
  drawPledge(doc, form);
}

function drawForm(doc: PDFKit.PDFDocument, form: RegistrationFormPrint) {
  doc.addPage({ size: 'A4', margin: 0 });
  let y = MARGIN;
  doc.fillColor('#000000');
  y += writeFitted(doc, form.planName, MARGIN, y, WIDTH, { font: 'bold', size: 14, minSize: 9, maxLines: 2, align: 'center' }) + 2;
  y += writeFitted(doc, '报名登记表', MARGIN, y, WIDTH, { font: 'bold', size: 18, minSize: 12, maxLines: 1, align: 'center' }) + 6;

  const photo = { x: MARGIN + WIDTH - 72, y, w: 72, h: 100 };
  drawPhoto(doc, form.photo, photo);
  const facts: [string, string][] = [
    ['招聘单位', form.companyName],
    ['报考岗位', form.jobVacancy],
    ['报名序号', form.applicationNo],
    ['报名时间', form.appliedAt],
    ['姓　　名', form.realName],
    ['身份证号', form.identityNo],
    ['手机号码', form.phone],
  ];
  let factY = y;
  for (const [label, value] of facts) {
    doc.font('bold').fontSize(9.5).fillColor('#000000').text(label, MARGIN, factY + 1, { width: 56, lineBreak: false });
    factY += Math.max(14, writeFitted(doc, value || '—', MARGIN + 60, factY, photo.x - MARGIN - 72, { font: 'regular', size: 9.5, minSize: 7, maxLines: 2 }) + 2);
  }
  y = Math.max(factY, photo.y + photo.h) + 8;

  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
  };
  const row = (cells: Cell[]) => {
    const height = cellsHeight(doc, cells);
    room(height);
    drawCells(doc, cells, y, height);
    y += height;
  };
  for (const section of form.resume.sections) {
    // What the heading shows already and what was left empty are not repeated: the form stays on one page.
    const fields = section.fields.filter((f) => f.value && !SHOWN_ABOVE.has(f.code));
    const lists = section.lists.filter((l) => l.rows.length > 0);
    if (fields.length === 0 && lists.length === 0) continue;
    room(36);
    doc.save().rect(MARGIN, y, WIDTH, 15).fill('#eef3fb').restore();
    doc.lineWidth(0.5).strokeColor('#555555').rect(MARGIN, y, WIDTH, 15).stroke();
    doc.font('bold').fontSize(9).fillColor('#1f3b73').text(section.groupName, MARGIN + CELL_PAD, y + 2, { width: WIDTH - 2 * CELL_PAD, lineBreak: false });
    y += 15;
    for (let i = 0; i < fields.length; i += PAIRS_PER_ROW) {
      const pairs = fields.slice(i, i + PAIRS_PER_ROW);
      const cells = pairs.flatMap((f, j) => [
        { x: MARGIN + j * PAIR_WIDTH, w: LABEL_WIDTH, text: f.name, bold: true },
        { x: MARGIN + j * PAIR_WIDTH + LABEL_WIDTH, w: (j === pairs.length - 1 ? WIDTH - j * PAIR_WIDTH : PAIR_WIDTH) - LABEL_WIDTH, text: f.value, bold: false },
      ]);
      row(cells);
    }
    for (const list of lists) {
      room(34);
      doc.font('bold').fontSize(8).fillColor('#000000').text(list.name, MARGIN + CELL_PAD, y + 2, { width: WIDTH, lineBreak: false });
      y += 13;
      const width = WIDTH / Math.max(1, list.columns.length);
      const listRow = (values: string[], bold: boolean) => row(values.map((text, k) => ({ x: MARGIN + k * width, w: width, text, bold })));
      listRow(list.columns.map((c) => c.title), true);
      for (const values of list.rows) listRow(list.columns.map((c) => values[c.key] ?? ''), false);
    }
  }
  room(24);
  y += 8;
  doc.font('regular').fontSize(10).fillColor('#000000').text('本人签名：____________________　　日期：______年____月____日', MARGIN, y, { width: WIDTH, align: 'right' });
}

type Cell = { x: number; w: number; text: string; bold: boolean };

/** Labels shrink to one line; values to two lines, then take what they need. */
const cellFit = (bold: boolean): FitOptions =>
  bold ? { font: 'bold', size: 8, minSize: 5.5, maxLines: 1 } : { font: 'regular', size: 8, minSize: 6.5, maxLines: 2 };

/** The height of a ruled row of cells: that of its tallest text. */
const cellsHeight = (doc: PDFKit.PDFDocument, cells: Cell[]) =>
  Math.max(13, ...cells.map((c) => fitText(doc, c.text || ' ', c.w - 2 * CELL_PAD, cellFit(c.bold)).height + 2 * CELL_PAD));

function drawCells(doc: PDFKit.PDFDocument, cells: Cell[], y: number, height: number) {
  for (const cell of cells) {
    doc.lineWidth(0.5).strokeColor('#555555').rect(cell.x, y, cell.w, height).stroke();
    doc.fillColor(cell.bold ? '#333333' : '#000000');
    writeFitted(doc, cell.text, cell.x + CELL_PAD, y + CELL_PAD, cell.w - 2 * CELL_PAD, cellFit(cell.bold));
  }
}

const PLEDGE = [
  '本人已认真阅读招聘公告及报考岗位的相关要求，理解其内容，符合报考条件。',
  '本人所填写的报名信息及提交的证件、材料真实、准确、完整，不存在隐瞒、虚报或伪造的情况。',
  '本人自觉遵守招聘工作的各项规定，诚实守信，严守纪律，不以任何不正当手段影响招聘工作的公平公正。',
  '本人认真履行报考人员的各项义务，按时参加资格审核、考试、体检、考察等各环节；无正当理由不参加或中途放弃的，愿意承担相应责任。',
  '对违反以上承诺所造成的后果，本人自愿承担相应责任，并接受取消报考、考试或聘用资格等处理。',
];

function drawPledge(doc: PDFKit.PDFDocument, form: RegistrationFormPrint) {
  doc.addPage({ size: 'A4', margin: 0 });
  const x = MARGIN + 24;
  const width = WIDTH - 48;
  let y = 72;
  doc.fillColor('#000000');
  y += writeFitted(doc, form.planName, x, y, width, { font: 'bold', size: 14, minSize: 9, maxLines: 2, align: 'center' }) + 4;
  y += writeFitted(doc, '诚信承诺书', x, y, width, { font: 'bold', size: 20, minSize: 14, maxLines: 1, align: 'center' }) + 24;
  const intro = `本人 ${form.realName}（身份证号码：${form.identityNo}）报考${form.companyName}“${form.jobVacancy}”岗位，郑重承诺：`;
  y += writeFitted(doc, intro, x, y, width, { font: 'regular', size: 12, minSize: 9, lineGap: 6 }) + 12;
  PLEDGE.forEach((item, i) => {
    y += writeFitted(doc, `${i + 1}. ${item}`, x, y, width, { font: 'regular', size: 12, minSize: 9, lineGap: 6 }) + 10;
  });
  y += 48;
  doc.font('regular').fontSize(12).fillColor('#000000');
  doc.text('承诺人（签名）：____________________', x, y, { width, align: 'right' });
  doc.text('日期：______年____月____日', x, y + 32, { width, align: 'right' });
}
