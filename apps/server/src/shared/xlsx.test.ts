import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { batches, safeSheetName, xlsxStream } from './xlsx.js';

async function bytesOf(body: NodeJS.ReadableStream | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('safeSheetName', () => {
  it('keeps Excel’s rules: at most 31 characters, none of []:*?/\\, unique ignoring case', () => {
    const used = new Set<string>();
    expect(safeSheetName('会计/出纳[一]', used)).toBe('会计_出纳_一_');
    expect(safeSheetName('会计/出纳[一]', used)).toBe('会计_出纳_一_（2）');
    expect(safeSheetName('a:b*c?d\\e', used)).toBe('a_b_c_d_e');
    expect(safeSheetName('A_B_C_D_E', used)).toBe('A_B_C_D_E（2）');
    const long = '一二三四五六七八九十'.repeat(4);
    expect(safeSheetName(long, used)).toBe(long.slice(0, 31));
    expect(safeSheetName(long, used)).toBe(`${long.slice(0, 28)}（2）`);
    expect(safeSheetName("'引号'", used)).toBe('引号');
    expect(safeSheetName('  ', used)).toBe('Sheet');
  });
});

describe('xlsxStream', () => {
  it('writes rows batch by batch, sheet after sheet, into one workbook', async () => {
    let pagesRead = 0;
    const rows = batches(async ({ pageNum, pageSize }) => {
      pagesRead++;
      const start = (pageNum - 1) * pageSize;
      return Array.from({ length: Math.max(0, Math.min(pageSize, 4500 - start)) }, (_, i) => [start + i + 1, `第 ${start + i + 1} 行`]);
    }, 1000);
    const file = xlsxStream('测试.xlsx', [
      { name: '甲', columns: [{ header: '序号', width: 6 }, { header: '内容', width: 20 }], rows },
      { name: '甲', columns: [{ header: '空', width: 6 }], rows: batches(async () => []), note: '说明' },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(file.body)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['甲', '甲（2）']);
    const first = workbook.worksheets[0]!;
    expect(first.rowCount).toBe(4501);
    expect(first.getRow(1).values).toEqual([undefined, '序号', '内容']);
    expect(first.getRow(4501).values).toEqual([undefined, 4500, '第 4500 行']);
    expect(pagesRead).toBe(5);
    expect(workbook.worksheets[1]!.getRow(3).values).toEqual([undefined, '说明']);
  });
});
