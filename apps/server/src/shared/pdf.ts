import { readFileSync } from 'node:fs';
import PdfKitDocument from 'pdfkit';
import { OWN_FILE_PREFIX, fileUrlKind } from '@zhaokao/contracts';
import type { FileStorage } from './storage.js';

/** The CJK font ships with the project (apps/server/assets/fonts, Noto Sans SC, OFL); pdfkit embeds only the glyphs a document uses. */
const FONT_DIR = new URL('../../assets/fonts/', import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The font files, read once and kept (the posters use them as well). */
export const fontFiles = () =>
  (fonts ??= {
    regular: readFileSync(new URL('NotoSansSC-Regular.ttf', FONT_DIR)),
    bold: readFileSync(new URL('NotoSansSC-Bold.ttf', FONT_DIR)),
  });

export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** Ends the document and answers its bytes. */
  finish(): Promise<Buffer>;
}

export function createPdf(title: string): PdfWriter {
  const doc = new PdfKitDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: title, Creator: '招考' } });
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return ended;
    },
  };
}

export interface FitOptions {
  font: 'regular' | 'bold';
  size: number;
  /** The smallest size the text may shrink to; at that size it takes the lines it needs. */
  minSize: number;
  /** How many lines it may take (above minSize). */
  maxLines?: number;
  /** How high it may be (above minSize); at minSize, what does not fit ends with an ellipsis. */
  maxHeight?: number;
  align?: 'left' | 'center' | 'right';
  lineGap?: number;
}

/**
 * The font size at which `text` fits `width` within the limits, going down by half points to `minSize`, and its
 * height at that size. Leaves the document at that font and size.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number, fit: FitOptions): { size: number; height: number } {
  const lineGap = fit.lineGap ?? 0;
  doc.font(fit.font);
  for (let size = fit.size; ; size -= 0.5) {
    doc.fontSize(size);
    const height = doc.heightOfString(text, { width, lineGap });
    const lines = Math.round(height / (doc.currentLineHeight(true) + lineGap));
    const fits = (fit.maxLines === undefined || lines <= fit.maxLines) && (fit.maxHeight === undefined || height <= fit.maxHeight);
    if (fits || size - 0.5 < fit.minSize) return { size, height };
  }
}

/** Writes `text` whole, wrapped and shrunk as `fitText` finds; answers the height it took. */
export function writeFitted(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, fit: FitOptions): number {
  const { height } = fitText(doc, text, width, fit);
  const limit = fit.maxHeight !== undefined && height > fit.maxHeight ? { height: fit.maxHeight, ellipsis: true } : {};
  doc.text(text, x, y, { width, align: fit.align ?? 'left', lineGap: fit.lineGap ?? 0, ...limit });
  return Math.min(height, fit.maxHeight ?? height);
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** An image (a resume's photo) when it is one of the product's stored JPEG or PNG files; null otherwise. */
export async function storedImageOf(storage: FileStorage, url: string): Promise<Buffer | null> {
  const first = url.split(',')[0]!.trim();
  if (fileUrlKind(first) !== 'own') return null;
  try {
    const stream = await storage.read(first.slice(OWN_FILE_PREFIX.length));
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    return jpeg || bytes.subarray(0, 4).equals(PNG) ? bytes : null;
  } catch {
    return null;
  }
}

