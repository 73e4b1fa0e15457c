import { z } from 'zod';

/**
 * The users' calendar is China's (UTC+8, no daylight saving). Plan times travel as "YYYY-MM-DD HH:mm"
 * China time; the database keeps the instant.
 */
export const COMPANY_TIME_ZONE = 'Asia/Shanghai';

export const CHINA_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** "2026-03-01 09:00" (China time) to the instant, or null when it is not a real date and time. */
export function chinaDateTimeToDate(value: string): Date | null {
  const m = CHINA_DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  if (h > 23 || mi > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || y < 2000) return null;
  return new Date(Date.UTC(y, mo - 1, d, h - 8, mi));
}

/** A time as the API answers it: "YYYY-MM-DD HH:mm", China time (see toChinaDateTime). */
export const chinaDateTimeText = z.string();

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant to "YYYY-MM-DD HH:mm" in China time. */
export function toChinaDateTime(date: Date): string {
  const c = new Date(date.getTime() + 8 * 3_600_000);
  const p = pad2;
  return `${c.getUTCFullYear()}-${p(c.getUTCMonth() + 1)}-${p(c.getUTCDate())} ${p(c.getUTCHours())}:${p(c.getUTCMinutes())}`;
}
