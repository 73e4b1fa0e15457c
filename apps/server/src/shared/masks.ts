/** A name as the public verification shows it: 张*三, 欧阳*华 (first character, *, last character); 张* for two characters. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  const surnameLength = chars.length >= 4 ? 2 : 1;
  return `${chars.slice(0, surnameLength).join('')}*${chars[chars.length - 1]}`;
}

/** An identity number with its middle hidden: 110101********1234. */
export function maskIdentityNo(identityNo: string): string {
  if (identityNo.length <= 10) return '*'.repeat(identityNo.length);
  return `${identityNo.slice(0, 6)}********${identityNo.slice(-4)}`;
}

export const SEX_NAMES: Record<string, string> = { '1': '男', '2': '女' };

/** A mobile number with its middle hidden: 138****5678. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** An e-mail address with its name hidden but the first character: z****@qq.com. */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  return `${email[0]}****${email.slice(at)}`;
}
