import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { XLSX_TYPE } from '../shared/xlsx.js';

export interface ReadSheet {
  name: string;
  header: string[];
  /** Every row below the header (a note below the rows too), as text. */
  lines: string[][];
  /** The same rows keyed by the header's titles. */
  rows: Record<string, string>[];
}

/** The sheets of an .xlsx answer, after checking it is one (200 and the xlsx type). */
export async function readXlsx(res: LightMyRequestResponse): Promise<ReadSheet[]> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const all: string[][] = [];
    sheet.eachRow((row) => all.push(Array.from(row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const [header = [], ...lines] = all;
    return { name: sheet.name, header, lines, rows: lines.map((line) => Object.fromEntries(header.map((h, i) => [h, line[i] ?? '']))) };
  });
}
