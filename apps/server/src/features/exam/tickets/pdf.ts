import QRCode from 'qrcode';
import { maskIdentityNo } from '../../../shared/masks.js';
import { fitText, writeFitted } from '../../../shared/pdf.js';

/**
 * Admission tickets, door labels (考场门贴) and sign-in sheets (签到表) as A4 PDF with pdfkit (shared/pdf.ts).
 * Nothing is cut: the plan's name wraps to two lines (smaller when it needs more), the kind of document is
 * always printed in full, and values wrap or shrink to fit their place.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;

/** What every page of a print shows about the exam. */
export interface PrintHeader {
  planName: string;
  /** 笔试 / 面试 */
  stageName: string;
  /** 考试科目: the session's subject, or the stage's name when none is set. */
  subject: string;
  /** Start and end: 'YYYY-MM-DD HH:mm – HH:mm' (see examPeriod). */
  examTime: string;
  examAddress: string;
  /** 考生须知 */
  notes: string;
}

export interface TicketPrint {
  realName: string;
  sex: string;
  identityNo: string;
  jobVacancy: string;
  ticketCode: string;
  roomName: string;
  seat: number;
  /** JPEG or PNG bytes; null prints a framed placeholder. */
  photo: Buffer | null;
  /** What the QR code encodes: the public verification address. */
  verifyUrl: string;
}

export interface RoomPrint {
  roomName: string;
  seats: { seat: number; ticketCode: string; realName: string; identityNo: string; jobVacancy: string; photo: Buffer | null }[];
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The exam's time as printed: the start ('YYYY-MM-DD HH:mm') and, when set, the end on that day ('HH:mm'); an end
 * no longer after the start (the plan's time moved since) is left out rather than printed wrong.
 */
export const examPeriod = (start: string, endTime: string) => (endTime && endTime > start.slice(11) ? `${start} – ${endTime}` : start);

/**
 * Draws the QR code of `text` (error correction M, as phones read it from paper) as vector squares, one rectangle
 * per run of dark modules: sharp at any print size and far quicker than a PNG per ticket (qrcode's PNG encoder
 * takes tens of milliseconds for each).
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // The standard's quiet zone of four modules: without it phones (and decoders) often fail to find the code.
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + (start + quiet) * cell, y + (row + quiet) * cell, (col - start) * cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

/** The plan's name, centred on up to two lines (smaller when it needs more), then the kind of document in full; answers the height. */
function drawTitle(doc: PDFKit.PDFDocument, planName: string, kind: string, x: number, y: number, width: number, sizes: { plan: number; kind: number }) {
  doc.fillColor('#000000');
  const planHeight = writeFitted(doc, planName, x, y, width, { font: 'bold', size: sizes.plan, minSize: 8, maxLines: 2, align: 'center' });
  const kindHeight = writeFitted(doc, kind, x, y + planHeight + 2, width, { font: 'bold', size: sizes.kind, minSize: 8, maxLines: 1, align: 'center' });
  return planHeight + 2 + kindHeight;
}

const DEFAULT_NOTES = '请携带本准考证和有效身份证件，按时到达考场。';

/**
 * Two tickets per A4 page, one on each half, with a dashed cut line between them; a ticket per page when the
 * notes are too long to be read under a half page's ticket.
 */
export class TicketWriter {
  private onPage = 0;
  private perPage: 1 | 2 | undefined;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly header: PrintHeader,
  ) {}

  add(ticket: TicketPrint) {
    const { doc } = this;
    if (this.onPage === 0 || this.onPage === this.perPage) {
      doc.addPage({ size: 'A4', margin: 0 });
      this.onPage = 0;
      this.perPage ??= doc.font('regular').fontSize(7).heightOfString(this.header.notes || DEFAULT_NOTES, { width: NOTES_WIDTH, lineGap: 1 }) > 72 ? 1 : 2;
      if (this.perPage === 2) {
        doc.save().moveTo(MARGIN, A4.height / 2).lineTo(A4.width - MARGIN, A4.height / 2).dash(4, { space: 4 }).strokeColor('#999999').stroke().restore();
      }
    }
    const height = A4.height / this.perPage!;
    drawTicket(doc, this.header, ticket, this.onPage * height, height - 40);
    this.onPage++;
  }
}

const TICKET_ROW = 20;
const NOTES_WIDTH = A4.width - 2 * MARGIN - 40;

function drawTicket(doc: PDFKit.PDFDocument, h: PrintHeader, t: TicketPrint, top: number, height: number) {
  const x = MARGIN;
  const y = top + 20;
  const width = A4.width - 2 * MARGIN;
  doc.lineWidth(1).strokeColor('#333333').rect(x, y, width, height).stroke();
  const titleBottom = y + 10 + drawTitle(doc, h.planName, `${h.stageName}准考证`, x + 12, y + 10, width - 24, { plan: 13, kind: 18 });
  doc.save().moveTo(x + 12, titleBottom + 5).lineTo(x + width - 12, titleBottom + 5).lineWidth(0.6).strokeColor('#666666').stroke().restore();

  const rowsTop = titleBottom + 12;
  const photo = { x: x + width - 20 - 80, y: rowsTop, w: 80, h: 112 };
  drawPhoto(doc, t.photo, photo);
  drawQrCode(doc, t.verifyUrl, photo.x + 5, photo.y + photo.h + 6, 70);
  doc.font('regular').fontSize(7.5).fillColor('#555555').text('扫码核验真伪', photo.x, photo.y + photo.h + 78, { width: photo.w, align: 'center', lineBreak: false });
  const photoBottom = photo.y + photo.h + 90;

  const rows: [string, string][] = [
    ['姓　　名', t.realName],
    ['性　　别', t.sex],
    ['身份证号', t.identityNo],
    ['报考岗位', t.jobVacancy],
    ['考试科目', h.subject],
    ['准考证号', t.ticketCode],
    ['考　　场', t.roomName],
    ['座 位 号', pad2(t.seat)],
    ['考试时间', h.examTime],
    ['考试地点', h.examAddress],
  ];
  const labelX = x + 20;
  const valueX = x + 86;
  const valueWidth = photo.x - valueX - 12;
  let rowY = rowsTop;
  for (const [label, value] of rows) {
    const code = label === '准考证号';
    doc.font('bold').fontSize(10.5).fillColor('#000000').text(label, labelX, rowY + 3, { width: 62, lineBreak: false });
    const used = writeFitted(doc, value || '—', valueX, rowY + (code ? 2 : 3), valueWidth, { font: code ? 'bold' : 'regular', size: code ? 12 : 10.5, minSize: 7.5, maxLines: 2 });
    const rowHeight = Math.max(TICKET_ROW, used + 5);
    doc.save().moveTo(valueX, rowY + rowHeight - 2).lineTo(valueX + valueWidth, rowY + rowHeight - 2).lineWidth(0.4).strokeColor('#bbbbbb').stroke().restore();
    rowY += rowHeight;
  }

  const notesY = Math.max(rowY, photoBottom) + 4;
  doc.font('bold').fontSize(9).fillColor('#000000').text('考生须知', labelX, notesY, { lineBreak: false });
  doc.fillColor('#333333');
  writeFitted(doc, h.notes || DEFAULT_NOTES, labelX, notesY + 14, NOTES_WIDTH, {
    font: 'regular',
    size: 8,
    minSize: 5.5,
    maxHeight: Math.max(8, y + height - (notesY + 14) - 6),
    lineGap: 1,
  });
}

/** A photo fitted into `box` and framed, or the framed placeholder 照片 when there is none (or pdfkit cannot read it). */
export function drawPhoto(doc: PDFKit.PDFDocument, photo: Buffer | null, box: { x: number; y: number; w: number; h: number }) {
  if (photo) {
    try {
      doc.image(photo, box.x, box.y, { fit: [box.w, box.h], align: 'center', valign: 'center' });
      doc.lineWidth(0.5).strokeColor('#999999').rect(box.x, box.y, box.w, box.h).stroke();
      return;
    } catch {
      // not a JPEG or PNG pdfkit can read: the placeholder instead
    }
  }
  const size = box.w < 60 ? 8 : 12;
  doc.lineWidth(0.8).strokeColor('#666666').rect(box.x, box.y, box.w, box.h).stroke();
  doc.font('regular').fontSize(size).fillColor('#888888').text('照片', box.x, box.y + box.h / 2 - size * 0.7, { width: box.w, align: 'center', lineBreak: false });
}

const seatRange = (room: RoomPrint) => {
  const seats = room.seats.map((s) => s.seat);
  return seats.length ? `${pad2(Math.min(...seats))} – ${pad2(Math.max(...seats))}` : '—';
};

/** 考场门贴: one page per room with its seat range and who sits where. */
export function addDoorLabel(doc: PDFKit.PDFDocument, h: PrintHeader, room: RoomPrint) {
  doc.addPage({ size: 'A4', margin: 0 });
  const width = A4.width - 2 * MARGIN;
  let y = 48;
  y += drawTitle(doc, h.planName, `${h.stageName}考场门贴`, MARGIN, y, width, { plan: 20, kind: 16 }) + 14;
  y += writeFitted(doc, room.roomName, MARGIN, y, width, { font: 'bold', size: 44, minSize: 24, maxLines: 1, align: 'center' }) + 10;
  const codes = room.seats.map((s) => s.ticketCode);
  const line = (text: string, size: number) => {
    y += writeFitted(doc, text, MARGIN, y, width, { font: 'regular', size, minSize: 8, maxLines: 2, align: 'center' }) + 4;
  };
  line(`座位号 ${seatRange(room)}　共 ${room.seats.length} 人`, 13);
  if (codes.length) line(`准考证号 ${codes[0]} – ${codes[codes.length - 1]}`, 13);
  line(`考试科目：${h.subject}　考试时间：${h.examTime}`, 11);
  line(`考试地点：${h.examAddress || '—'}`, 11);
  y += 4;
  doc.moveTo(MARGIN, y).lineTo(A4.width - MARGIN, y).lineWidth(1).strokeColor('#333333').stroke();

  const top = y + 12;
  const bottom = A4.height - MARGIN;
  const count = room.seats.length;
  const columns = count <= 34 ? 1 : count <= 68 ? 2 : count <= 150 ? 3 : 4;
  const perColumn = Math.max(1, Math.ceil(count / columns));
  const rowHeight = Math.min(14, (bottom - top) / perColumn);
  const columnWidth = width / columns;
  const size = Math.min(columns > 2 ? 7 : 10, rowHeight * 0.7);
  doc.font('regular').fontSize(size).fillColor('#000000');
  room.seats.forEach((s, i) => {
    const column = Math.floor(i / perColumn);
    const rowY = top + (i % perColumn) * rowHeight;
    doc.text(`${pad2(s.seat)}  ${s.ticketCode}  ${s.realName}`, MARGIN + column * columnWidth, rowY, { width: columnWidth - 6, height: rowHeight, ellipsis: true, lineBreak: false });
  });
}

const SIGN_COLUMNS = [
  { title: '座位号', width: 36, lines: 1 },
  { title: '照片', width: 48, lines: 1 },
  { title: '姓名', width: 66, lines: 3 },
  { title: '报考岗位', width: 96, lines: 4 },
  { title: '准考证号', width: 92, lines: 1 },
  { title: '身份证号', width: 104, lines: 1 },
  { title: '考生签名', width: 81, lines: 1 },
] as const;
const SIGN_HEAD = 24;
const SIGN_ROW = 56;
const SIGN_FOOTER = 58;
const SIGN_PHOTO = { w: 38, h: 50 };

/**
 * 签到表: per room a table of seat, photo, name, post, ticket code, masked identity number and a column to sign;
 * under it on every page the counts to fill in and the invigilators' signature line (监考员签字).
 */
export function addSignInSheet(doc: PDFKit.PDFDocument, h: PrintHeader, room: RoomPrint) {
  const width = A4.width - 2 * MARGIN;
  let perPage = 1;
  let pages = 1;
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    let y = 40;
    y += drawTitle(doc, h.planName, `${h.stageName}签到表`, MARGIN, y, width, { plan: 15, kind: 18 }) + 10;
    y += writeFitted(doc, `考场：${room.roomName}　考试科目：${h.subject}`, MARGIN, y, width, { font: 'bold', size: 11, minSize: 8, maxLines: 2 }) + 3;
    y += writeFitted(doc, `考试时间：${h.examTime}　考试地点：${h.examAddress || '—'}`, MARGIN, y, width, { font: 'regular', size: 10, minSize: 7, maxLines: 2 }) + 8;
    if (page === 0) {
      // The header is the same on every page, so the first one tells how many rows a page holds.
      perPage = Math.max(1, Math.floor((A4.height - MARGIN - SIGN_FOOTER - y - SIGN_HEAD) / SIGN_ROW));
      pages = Math.max(1, Math.ceil(room.seats.length / perPage));
    }
    drawSignRow(doc, y, SIGN_HEAD, SIGN_COLUMNS.map((c) => c.title), true);
    const rows = room.seats.slice(page * perPage, (page + 1) * perPage);
    rows.forEach((s, i) =>
      drawSignRow(doc, y + SIGN_HEAD + SIGN_ROW * i, SIGN_ROW, [pad2(s.seat), s.photo, s.realName, s.jobVacancy, s.ticketCode, maskIdentityNo(s.identityNo), ''], false),
    );
    drawSignFooter(doc, room.seats.length, page, pages);
  }
}

function drawSignRow(doc: PDFKit.PDFDocument, y: number, height: number, cells: (string | Buffer | null)[], head: boolean) {
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = SIGN_COLUMNS[i]!;
    const w = column.width;
    doc.lineWidth(0.6).strokeColor('#333333').rect(x, y, w, height).stroke();
    if (typeof cell === 'string') {
      doc.fillColor('#000000');
      const fit = { font: head ? 'bold' : 'regular', size: head ? 10.5 : 10, minSize: 6, maxLines: head ? 1 : column.lines, maxHeight: height - 4, align: 'center' } as const;
      const used = Math.min(fitText(doc, cell, w - 6, fit).height, fit.maxHeight);
      writeFitted(doc, cell, x + 3, y + (height - used) / 2, w - 6, fit);
    } else {
      drawPhoto(doc, cell, { x: x + (w - SIGN_PHOTO.w) / 2, y: y + (height - SIGN_PHOTO.h) / 2, ...SIGN_PHOTO });
    }
    x += w;
  });
}

function drawSignFooter(doc: PDFKit.PDFDocument, count: number, page: number, pages: number) {
  const y = A4.height - MARGIN - SIGN_FOOTER + 14;
  const right = A4.width - MARGIN;
  doc.font('regular').fontSize(10.5).fillColor('#000000');
  doc.text(`应考 ${count} 人　　实到 ________ 人　　缺考 ________ 人`, MARGIN, y, { lineBreak: false });
  doc.text(`第 ${page + 1} / ${pages} 页`, MARGIN, y, { width: right - MARGIN, align: 'right', lineBreak: false });
  const signY = y + 26;
  doc.font('bold').text('监考员签字：', MARGIN, signY, { lineBreak: false });
  const lineX = MARGIN + doc.widthOfString('监考员签字：') + 4;
  doc.lineWidth(0.6).strokeColor('#000000');
  doc.moveTo(lineX, signY + 14).lineTo(lineX + 120, signY + 14).stroke();
  doc.moveTo(lineX + 140, signY + 14).lineTo(lineX + 260, signY + 14).stroke();
}
