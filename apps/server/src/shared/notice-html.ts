import { maskIdentityNo } from './masks.js';

/*
 * The HTML of a notice draft generated from data (DESIGN §5: 资格复审结果, 加分人员名单…): only what the notice editor's
 * allow-list keeps (p, table, tr, th, td, text escaped), so that saving the draft as a notice keeps it as it is.
 */

/** Text for HTML: the five characters that could open markup or an attribute escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const htmlCell = (tag: 'th' | 'td', text: string | number) => `<${tag}>${escapeHtml(String(text))}</${tag}>`;

/** A paragraph of text. */
export const htmlParagraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** A table with a header row; '<p>暂无人员。</p>' without rows. */
export function htmlTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  if (rows.length === 0) return '<p>暂无人员。</p>';
  const body = rows.map((r) => `<tr>${r.map((v) => htmlCell('td', v)).join('')}</tr>`).join('');
  return `<table><thead><tr>${headers.map((h) => htmlCell('th', h)).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The code a public list names a candidate by: the admission ticket's when there is one, else the masked identity number. */
export function codeColumn<R extends { ticketCode: string | null; identityNo: string }>(rows: readonly R[]): { header: string; value: (r: R) => string } {
  const withTicket = rows.filter((r) => r.ticketCode).length;
  const header = withTicket === rows.length && rows.length > 0 ? '准考证号' : withTicket === 0 ? '身份证号' : '准考证号/身份证号';
  return { header, value: (r) => r.ticketCode || maskIdentityNo(r.identityNo) };
}
