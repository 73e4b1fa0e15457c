/** Integer cents to a yuan string with two decimals: 12345 → "123.45". */
export function centsToYuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an integer amount of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A yuan string ("12", "12.5", "12.50") to integer cents, or null when it is not an amount. */
export function yuanToCents(yuan: string): number | null {
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** "¥1,234.50" for display. */
export function formatYuan(cents: number): string {
  const [whole, fraction] = centsToYuan(cents).split('.');
  return `¥${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
