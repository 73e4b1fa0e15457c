import QRCode from 'qrcode';
import { maskIdentityNo } from '../../../shared/masks.js';

/** Admission tickets, door labels (考场门贴) and sign-in sheets (签到表) as A4 PDF with pdfkit (shared/pdf.ts). */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;

/** What every page of a print shows about the exam. */
export interface PrintHeader {
  planName: string;
  /** 笔试 / 面试 */
  stageName: string;
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
  seats: { seat: number; ticketCode: string; realName: string; identityNo: string }[];
}

const pad2 = (n: number) => String(n).padStart(2, '0');

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

/** Two tickets per A4 page, one on each half, with a dashed cut line between them. */
export class TicketWriter {
  private onPage = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly header: PrintHeader,
  ) {}

  add(ticket: TicketPrint) {
    const { doc } = this;
    if (this.onPage === 0 || this.onPage === 2) {
      doc.addPage({ size: 'A4', margin: 0 });
      this.onPage = 0;
      doc.save().moveTo(MARGIN, A4.height / 2).lineTo(A4.width - MARGIN, A4.height / 2).dash(4, { space: 4 }).strokeColor('#999999').stroke().restore();
    }
    drawTicket(doc, this.header, ticket, this.onPage * (A4.height / 2));
    this.onPage++;
  }
}

function drawTicket(doc: PDFKit.PDFDocument, h: PrintHeader, t: TicketPrint, top: number) {
  const x = MARGIN;
  const y = top + 24;
  const width = A4.width - 2 * MARGIN;
  const height = A4.height / 2 - 48;
  doc.lineWidth(1).strokeColor('#333333').rect(x, y, width, height).stroke();
  doc.font('bold').fontSize(16).fillColor('#000000').text(`${h.planName} ${h.stageName}准考证`, x + 10, y + 12, { width: width - 20, align: 'center', height: 22, ellipsis: true });

  const photo = { x: x + width - 20 - 84, y: y + 46, w: 84, h: 118 };
  drawPhoto(doc, t.photo, photo);
  drawQrCode(doc, t.verifyUrl, photo.x + 4, photo.y + photo.h + 8, 76);
  doc.font('regular').fontSize(7.5).fillColor('#555555').text('扫码核验真伪', photo.x, photo.y + photo.h + 86, { width: photo.w, align: 'center' });

  const rows: [string, string][] = [
    ['姓　　名', t.realName],
    ['性　　别', t.sex],
    ['身份证号', t.identityNo],
    ['报考岗位', t.jobVacancy],
    ['准考证号', t.ticketCode],
    ['考　　场', t.roomName],
    ['座 位 号', pad2(t.seat)],
    ['考试时间', h.examTime],
    ['考试地点', h.examAddress],
  ];
  const labelX = x + 20;
  const valueX = x + 86;
  const valueWidth = photo.x - valueX - 14;
  rows.forEach(([label, value], i) => {
    const rowY = y + 48 + i * 22;
    doc.font('bold').fontSize(10.5).fillColor('#000000').text(label, labelX, rowY, { width: 62, lineBreak: false });
    doc.font(label === '准考证号' ? 'bold' : 'regular').fontSize(label === '准考证号' ? 12 : 10.5);
    doc.text(value || '—', valueX, rowY - (label === '准考证号' ? 1 : 0), { width: valueWidth, height: 16, ellipsis: true });
    doc.save().moveTo(valueX, rowY + 16).lineTo(valueX + valueWidth, rowY + 16).lineWidth(0.4).strokeColor('#bbbbbb').stroke().restore();
  });

  const notesY = y + 48 + rows.length * 22 + 6;
  doc.font('bold').fontSize(9).fillColor('#000000').text('考生须知', labelX, notesY);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#333333')
    .text(h.notes || '请携带本准考证和有效身份证件，按时到达考场。', labelX, notesY + 14, {
      width: width - 40,
      height: y + height - (notesY + 14) - 8,
      ellipsis: true,
      lineGap: 1,
    });
}

function drawPhoto(doc: PDFKit.PDFDocument, photo: Buffer | null, box: { x: number; y: number; w: number; h: number }) {
  if (photo) {
    try {
      doc.image(photo, box.x, box.y, { fit: [box.w, box.h], align: 'center', valign: 'center' });
      doc.lineWidth(0.5).strokeColor('#999999').rect(box.x, box.y, box.w, box.h).stroke();
      return;
    } catch {
      // not a JPEG or PNG pdfkit can read: the placeholder instead
    }
  }
  doc.lineWidth(0.8).strokeColor('#666666').rect(box.x, box.y, box.w, box.h).stroke();
  doc.font('regular').fontSize(12).fillColor('#888888').text('照片', box.x, box.y + box.h / 2 - 8, { width: box.w, align: 'center' });
}

const seatRange = (room: RoomPrint) => {
  const seats = room.seats.map((s) => s.seat);
  return seats.length ? `${pad2(Math.min(...seats))} – ${pad2(Math.max(...seats))}` : '—';
};

/** 考场门贴: one page per room with its seat range and who sits where. */
export function addDoorLabel(doc: PDFKit.PDFDocument, h: PrintHeader, room: RoomPrint) {
  doc.addPage({ size: 'A4', margin: 0 });
  const width = A4.width - 2 * MARGIN;
  doc.font('bold').fontSize(18).fillColor('#000000').text(`${h.planName} ${h.stageName}`, MARGIN, 56, { width, align: 'center', height: 26, ellipsis: true });
  doc.fontSize(44).text(room.roomName, MARGIN, 96, { width, align: 'center', height: 60, ellipsis: true });
  const codes = room.seats.map((s) => s.ticketCode);
  doc.font('regular').fontSize(13).text(`座位号 ${seatRange(room)}　共 ${room.seats.length} 人`, MARGIN, 172, { width, align: 'center' });
  if (codes.length) doc.text(`准考证号 ${codes[0]} – ${codes[codes.length - 1]}`, MARGIN, 192, { width, align: 'center' });
  doc.fontSize(11).text(`考试时间：${h.examTime}　考试地点：${h.examAddress || '—'}`, MARGIN, 216, { width, align: 'center', height: 30, ellipsis: true });
  doc.moveTo(MARGIN, 246).lineTo(A4.width - MARGIN, 246).lineWidth(1).strokeColor('#333333').stroke();

  const top = 258;
  const bottom = A4.height - MARGIN;
  const count = room.seats.length;
  const columns = count <= 38 ? 1 : count <= 76 ? 2 : count <= 150 ? 3 : 4;
  const perColumn = Math.max(1, Math.ceil(count / columns));
  const rowHeight = Math.min(14, (bottom - top) / perColumn);
  const columnWidth = width / columns;
  const size = columns > 2 ? 7 : 10;
  doc.font('regular').fontSize(size).fillColor('#000000');
  room.seats.forEach((s, i) => {
    const column = Math.floor(i / perColumn);
    const rowY = top + (i % perColumn) * rowHeight;
    doc.text(`${pad2(s.seat)}  ${s.ticketCode}  ${s.realName}`, MARGIN + column * columnWidth, rowY, { width: columnWidth - 6, height: rowHeight, ellipsis: true, lineBreak: false });
  });
}

const SIGN_COLUMNS = [
  { title: '座位号', width: 48 },
  { title: '姓名', width: 84 },
  { title: '准考证号', width: 126 },
  { title: '身份证号', width: 130 },
  { title: '考生签名', width: 135 },
] as const;
const SIGN_ROW = 26;

/** 签到表: per room a table of seat, name, ticket code, masked identity number and a column to sign. */
export function addSignInSheet(doc: PDFKit.PDFDocument, h: PrintHeader, room: RoomPrint) {
  const width = A4.width - 2 * MARGIN;
  const tableTop = 150;
  const perPage = Math.floor((A4.height - MARGIN - tableTop - SIGN_ROW) / SIGN_ROW);
  const pages = Math.max(1, Math.ceil(room.seats.length / perPage));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.font('bold').fontSize(16).fillColor('#000000').text(`${h.planName} ${h.stageName}签到表`, MARGIN, 48, { width, align: 'center', height: 24, ellipsis: true });
    doc.fontSize(13).text(`考场：${room.roomName}`, MARGIN, 80, { width, align: 'center' });
    doc.font('regular').fontSize(10).text(`考试时间：${h.examTime}　考试地点：${h.examAddress || '—'}`, MARGIN, 104, { width, align: 'center', height: 28, ellipsis: true });
    doc.text(`第 ${page + 1} / ${pages} 页`, MARGIN, 126, { width, align: 'right' });
    const rows = room.seats.slice(page * perPage, (page + 1) * perPage);
    drawRow(doc, tableTop, SIGN_COLUMNS.map((c) => c.title), true);
    rows.forEach((s, i) => drawRow(doc, tableTop + SIGN_ROW * (i + 1), [pad2(s.seat), s.realName, s.ticketCode, maskIdentityNo(s.identityNo), ''], false));
  }
}

function drawRow(doc: PDFKit.PDFDocument, y: number, cells: string[], head: boolean) {
  let x = MARGIN;
  doc.lineWidth(0.6).strokeColor('#333333');
  cells.forEach((cell, i) => {
    const w = SIGN_COLUMNS[i]!.width;
    doc.rect(x, y, w, SIGN_ROW).stroke();
    doc
      .font(head ? 'bold' : 'regular')
      .fontSize(head ? 10.5 : 10)
      .fillColor('#000000')
      .text(cell, x + 4, y + 8, { width: w - 8, align: 'center', height: 14, ellipsis: true, lineBreak: false });
    x += w;
  });
}
