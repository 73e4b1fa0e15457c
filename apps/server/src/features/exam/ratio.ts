/** passed ÷ places with two decimals, rounded half up, in integers ('2.50'); '—' for a post without places. */
export function ratioText(passed: number, places: number): string {
  if (places <= 0) return '—';
  const hundredths = Math.floor((200 * passed + places) / (2 * places));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
