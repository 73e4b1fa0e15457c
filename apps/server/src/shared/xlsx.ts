import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FileAnswer } from './route.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  width: number;
  values: readonly (string | number)[];
}

/**
 * One sheet, a bold header row and the columns' values, as an attachment. Every value is written as text or
 * number as given: scores stay the exact strings the database answered ('86.50').
 */
export async function xlsxAnswer(fileName: string, sheetName: string, columns: readonly XlsxColumn[], note?: string): Promise<FileAnswer> {
  // The streaming writer: a large list (100,000 rows) is written in a fraction of the time the in-memory workbook takes.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const rows = columns[0]?.values.length ?? 0;
  for (let i = 0; i < rows; i++) sheet.addRow(columns.map((c) => c.values[i] ?? '')).commit();
  if (note) {
    sheet.addRow([]).commit();
    sheet.addRow([note]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return { fileName, contentType: XLSX_TYPE, body: Buffer.concat(chunks) };
}

/** A value of a cell: text or a number; null and undefined leave the cell empty. */
export type XlsxCell = string | number | null | undefined;

/** One sheet of a streamed workbook: its header and its rows, batch by batch (each batch typically one query). */
export interface XlsxSheet {
  name: string;
  columns: readonly { header: string; width: number }[];
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>;
  /** A line written below the rows (the rule a ranking follows). */
  note?: string;
}

/** Rows a page at a time, until a page comes back short: `fetch` is the list's own page query. */
export async function* batches<T>(fetch: (page: { pageNum: number; pageSize: number }) => Promise<readonly T[]>, pageSize = XLSX_BATCH) {
  for (let pageNum = 1; ; pageNum++) {
    const rows = await fetch({ pageNum, pageSize });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}

/** Rows an export reads per query. */
export const XLSX_BATCH = 2_000;

const SHEET_NAME_MAX = 31;
/** `text` cut to leave room for `suffix` within a sheet name, then the suffix. */
const fit = (text: string, suffix: string) => [...text].slice(0, SHEET_NAME_MAX - suffix.length).join('') + suffix;

/**
 * A sheet name Excel accepts: at most 31 characters, none of []:*?/\ (each becomes _), not starting or ending with
 * an apostrophe, and unlike every name in `used` (ignoring case): a repeated name gets （2）, （3）… at its end.
 */
export function safeSheetName(wanted: string, used: Set<string>): string {
  const clean = wanted.replace(/[[\]:*?/\\]/g, '_').replace(/^'+|'+$/g, '').trim() || 'Sheet';
  let name = fit(clean, '');
  for (let n = 2; used.has(name.toLowerCase()); n++) name = fit(clean, `（${n}）`);
  used.add(name.toLowerCase());
  return name;
}

/**
 * A workbook written to the reply as it is made: each sheet's rows are read a batch at a time and written out, so
 * an export of 100,000 rows never holds them all (nor the whole file) in memory. Check everything that can refuse
 * (the plan is the company's…) before calling it: once the first bytes are sent, a failure can only cut the file short.
 */
export function xlsxStream(fileName: string, sheets: AsyncIterable<XlsxSheet> | Iterable<XlsxSheet>): FileAnswer {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Waits while the client has not read what was written; ends at once if it went away.
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  const write = async () => {
    const used = new Set<string>();
    for await (const spec of sheets) {
      const sheet = workbook.addWorksheet(safeSheetName(spec.name, used));
      sheet.columns = spec.columns.map((c) => ({ header: c.header, width: c.width }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of spec.rows) {
        for (const row of batch) sheet.addRow(row.map((v) => v ?? '')).commit();
        if (out.destroyed) return;
        if (out.writableNeedDrain) await drained();
      }
      if (spec.note) {
        sheet.addRow([]).commit();
        sheet.addRow([spec.note]).commit();
      }
      sheet.commit();
    }
    if (used.size === 0) workbook.addWorksheet('Sheet').commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName, contentType: XLSX_TYPE, body: out };
}

/** A column of a streamed sheet and how a row fills it. */
export interface XlsxField<R> {
  header: string;
  width: number;
  value: (row: R) => XlsxCell;
}

/** A sheet of `fields` over rows that come in batches. */
export function fieldSheet<R>(name: string, fields: readonly XlsxField<R>[], rows: AsyncIterable<readonly R[]>, note?: string): XlsxSheet {
  return {
    name,
    columns: fields,
    note,
    rows: (async function* () {
      for await (const batch of rows) yield batch.map((row) => fields.map((f) => f.value(row)));
    })(),
  };
}
