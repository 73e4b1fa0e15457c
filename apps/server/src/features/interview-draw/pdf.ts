import { createPdf, fitText, writeFitted } from '../../shared/pdf.js';

/**
 * The two papers of an interview group (A4, pdfkit with the project's CJK font, shared/pdf.ts):
 *
 * - 面试抽签登记表 (draw sheet), for the sign-in desk of the waiting room (候考室). The desk checks each candidate's
 *   admission ticket and identity card, finds the ticket code on the sheet, and the candidate signs beside the order
 *   number drawn. So the sheet lists order number, ticket code and post, and a signature column — but no name: the
 *   ticket code is what the desk checks against the ticket in hand, and a sheet with names beside numbers is exactly
 *   the key that must not travel from the waiting room to the examiners. It stays with the desk staff (and the
 *   supervisor), who hand candidates to the room by number only.
 * - 面试评分汇总表 (score sheet), for the examiners' room: order number × each examiner's seat score, the panel's
 *   score, and signature lines for every examiner, the chief (主考官), the scorer (计分员) and the supervisor (监督员).
 *   Numbers only, never names: it is signed in the room, where candidates are known by number.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;

export interface GroupHeader {
  planName: string;
  roomName: string;
  date: string;
  posts: string;
}

interface Column {
  title: string;
  width: number;
}

function drawRow(doc: PDFKit.PDFDocument, columns: readonly Column[], y: number, height: number, cells: readonly string[], head: boolean) {
  let x = MARGIN;
  columns.forEach((column, i) => {
    doc.lineWidth(0.6).strokeColor('#333333').rect(x, y, column.width, height).stroke();
    const text = cells[i] ?? '';
    if (text) {
      doc.fillColor('#000000');
      const fit = { font: head ? 'bold' : 'regular', size: head ? 10 : 10.5, minSize: 6, maxLines: 2, maxHeight: height - 4, align: 'center' } as const;
      const used = Math.min(fitText(doc, text, column.width - 6, fit).height, fit.maxHeight);
      writeFitted(doc, text, x + 3, y + (height - used) / 2, column.width - 6, fit);
    }
    x += column.width;
  });
}

/** Title and group lines; answers the y below them. */
function drawHeader(doc: PDFKit.PDFDocument, h: GroupHeader, kind: string): number {
  const width = A4.width - 2 * MARGIN;
  let y = 40;
  y += writeFitted(doc, h.planName, MARGIN, y, width, { font: 'bold', size: 15, minSize: 8, maxLines: 2, align: 'center' }) + 2;
  y += writeFitted(doc, kind, MARGIN, y, width, { font: 'bold', size: 18, minSize: 8, maxLines: 1, align: 'center' }) + 10;
  y += writeFitted(doc, `考场：${h.roomName}　面试日期：${h.date}`, MARGIN, y, width, { font: 'bold', size: 11, minSize: 8, maxLines: 2 }) + 3;
  y += writeFitted(doc, `面试岗位：${h.posts || '—'}`, MARGIN, y, width, { font: 'regular', size: 10, minSize: 7, maxLines: 3 }) + 8;
  return y;
}

/** Rows on pages under the same header and above a footer of `footer` points; `drawFooter` on each page. */
function paginate(
  doc: PDFKit.PDFDocument,
  h: GroupHeader,
  kind: string,
  columns: readonly Column[],
  rows: readonly string[][],
  rowHeight: number,
  footer: number,
  drawFooter: (y: number, page: number, pages: number) => void,
) {
  const HEAD = 26;
  let perPage = 1;
  let pages = 1;
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    const y = drawHeader(doc, h, kind);
    if (page === 0) {
      perPage = Math.max(1, Math.floor((A4.height - MARGIN - footer - y - HEAD) / rowHeight));
      pages = Math.max(1, Math.ceil(rows.length / perPage));
    }
    drawRow(doc, columns, y, HEAD, columns.map((c) => c.title), true);
    rows.slice(page * perPage, (page + 1) * perPage).forEach((cells, i) => drawRow(doc, columns, y + HEAD + rowHeight * i, rowHeight, cells, false));
    drawFooter(A4.height - MARGIN - footer + 12, page, pages);
  }
}

function signLine(doc: PDFKit.PDFDocument, label: string, x: number, y: number, length = 110) {
  doc.font('bold').fontSize(10).fillColor('#000000').text(label, x, y, { lineBreak: false });
  const lineX = x + doc.widthOfString(label) + 4;
  doc.lineWidth(0.6).strokeColor('#000000').moveTo(lineX, y + 13).lineTo(lineX + length, y + 13).stroke();
  return lineX + length + 16;
}

export interface DrawSheetRow {
  orderNo: number;
  ticketCode: string;
  jobVacancy: string;
}

/** 面试抽签登记表: by order number, ticket code, post, the candidate's signature and a remarks column. */
export async function drawSheetPdf(h: GroupHeader, rows: readonly DrawSheetRow[]): Promise<Buffer> {
  const pdf = createPdf(`面试抽签登记表-${h.roomName}`);
  const width = A4.width - 2 * MARGIN;
  const columns: Column[] = [
    { title: '面试序号', width: 62 },
    { title: '准考证号', width: 130 },
    { title: '报考岗位', width: 140 },
    { title: '考生签名', width: 110 },
    { title: '备注', width: width - 62 - 130 - 140 - 110 },
  ];
  paginate(
    pdf.doc,
    h,
    '面试抽签登记表',
    columns,
    rows.map((r) => [String(r.orderNo), r.ticketCode || '—', r.jobVacancy, '', '']),
    34,
    60,
    (y, page, pages) => {
      const { doc } = pdf;
      doc.font('regular').fontSize(10).fillColor('#000000');
      doc.text(`应到 ${rows.length} 人　　实到 ________ 人　　缺考 ________ 人`, MARGIN, y, { lineBreak: false });
      doc.text(`第 ${page + 1} / ${pages} 页`, MARGIN, y, { width, align: 'right', lineBreak: false });
      const next = signLine(doc, '抽签工作人员：', MARGIN, y + 24);
      signLine(doc, '监督员：', next, y + 24);
    },
  );
  return pdf.finish();
}

export interface ScoreSheetRow {
  orderNo: number;
  jobVacancy: string;
  /** Seat 1..n: the score or '' (absent: '缺考' in the panel column). */
  seatScores: string[];
  panelScore: string;
}

/** 面试评分汇总表: order number × seats, the panel's score, and every examiner's signature line. */
export async function scoreSheetPdf(
  h: GroupHeader,
  seats: readonly { seat: number; name: string }[],
  chief: string,
  rows: readonly ScoreSheetRow[],
  rule: string,
): Promise<Buffer> {
  const pdf = createPdf(`面试评分汇总表-${h.roomName}`);
  const width = A4.width - 2 * MARGIN;
  const fixed = 52 + 110 + 70;
  const seatWidth = (width - fixed) / Math.max(1, seats.length);
  const columns: Column[] = [
    { title: '面试序号', width: 52 },
    { title: '报考岗位', width: 110 },
    ...seats.map((s) => ({ title: `考官${s.seat}`, width: seatWidth })),
    { title: '面试成绩', width: 70 },
  ];
  // signature lines: the examiners by seat, then the chief, the scorer and the supervisor, three to a line
  const signers = [...seats.map((s) => `考官${s.seat}（${s.name}）：`), `主考官（${chief}）：`, '计分员：', '监督员：'];
  const signLines = Math.ceil(signers.length / 3);
  paginate(
    pdf.doc,
    h,
    '面试评分汇总表',
    columns,
    rows.map((r) => [String(r.orderNo), r.jobVacancy, ...r.seatScores, r.panelScore]),
    28,
    40 + signLines * 26,
    (y, page, pages) => {
      const { doc } = pdf;
      doc.font('regular').fontSize(9).fillColor('#333333');
      doc.text(rule, MARGIN, y, { width: width - 80, lineBreak: false });
      doc.text(`第 ${page + 1} / ${pages} 页`, MARGIN, y, { width, align: 'right', lineBreak: false });
      signers.forEach((label, i) => {
        const line = Math.floor(i / 3);
        const column = i % 3;
        signLine(doc, label, MARGIN + (column * width) / 3, y + 22 + line * 26, Math.max(30, width / 3 - doc.font('bold').fontSize(10).widthOfString(label) - 12));
      });
    },
  );
  return pdf.finish();
}
