import { CANDIDATE_SITE_PATH } from '@zhaokao/contracts';

/** Pure helpers of the candidate site's forms (account pages and the resume). */

/** What a zod check found, by field: `phone`, or for a list entry `educationList.0.schoolName`; the first message wins. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Where to go after signing in: the `next` of the address when it is a page of the candidate site, else `fallback`.
 * Anything else (another site, `//host`, a back-office page) is ignored, so a crafted link cannot lead elsewhere.
 */
export function safeNextPath(next: string | null, fallback: string): string {
  if (!next) return fallback;
  const underSite = next === CANDIDATE_SITE_PATH || next.startsWith(`${CANDIDATE_SITE_PATH}/`) || next.startsWith(`${CANDIDATE_SITE_PATH}?`);
  if (!underSite || next.includes('//') || next.includes('\\')) return fallback;
  return next;
}

/** The seconds the server asks to wait before another code (`candidateCodeWaitMessage`), or null. */
export function codeWaitSeconds(message: string): number | null {
  const found = /请\s*(\d+)\s*秒后/.exec(message);
  return found ? Number(found[1]) : null;
}
