import ExcelJS from 'exceljs';

/** A cell's value as the text a person sees: numbers as typed, rich text joined, a formula's result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** A header as it is matched: without any spaces (' 准考证号 ', '准 考 证 号' and '准考证号' are one column). */
export const headerKey = (text: string) => text.replace(/\s+/g, '');

/**
 * Reads the first sheet of an .xlsx: each row after the header as { header: cell text } with its row number;
 * headers as `headerKey` gives them.
 */
export async function readXlsxRows(content: Buffer): Promise<{ headers: string[]; rows: { row: number; cells: Map<string, string> }[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column] = headerKey(cellText(cell.value));
  });
  const rows: { row: number; cells: Map<string, string> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = new Map<string, string>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const header = headers[column];
      if (header) cells.set(header, cellText(cell.value));
    });
    if ([...cells.values()].some((v) => v !== '')) rows.push({ row: number, cells });
  });
  return { headers: headers.filter(Boolean), rows };
}
