import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/errors.js';
import type { FileAnswer } from '../../shared/route.js';
import type { FileStorage } from '../../shared/storage.js';
import { rowsOf } from '../../shared/sql.js';

/** An issued e-invoice's PDF, as a file answer; `companyId` limits it to that company's (the operator sees every one). */
export async function issuedInvoicePdf(db: Db, storage: FileStorage, id: number, companyId?: number): Promise<FileAnswer> {
  const [invoice] = await rowsOf<{ pdfUrl: string; title: string }>(
    db,
    sql`select pdf_url as "pdfUrl", title from company_invoice
      where id = ${id} and status = 'issued' and ${companyId === undefined ? sql`true` : sql`company_id = ${companyId}`}`,
  );
  const file = invoice?.pdfUrl ? await storage.read(invoice.pdfUrl) : null;
  if (!invoice || !file) throw notFound('电子发票不存在');
  return { fileName: `电子发票-${invoice.title}.pdf`, contentType: 'application/pdf', body: file };
}
