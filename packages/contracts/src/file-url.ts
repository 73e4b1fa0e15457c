import { splitUrls } from './upload.js';

/** Where the server serves uploaded files: `/api/files/<key>`. */
export const OWN_FILE_PREFIX = '/api/files/';

/** One key segment: no `.` or `..`, nothing but letters, digits, `_`, `-` and inner dots. */
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * `https://host[:port]` followed by nothing or by a path, query or fragment. The host is plain letters,
 * digits, dots and hyphens, so `user@host`, `\\host` and `//host` forms cannot pass. Whitespace, control
 * characters, backslashes, direction overrides and the characters a browser would have escaped (" < > `)
 * are refused anywhere, so the address can be put in CSS `url("…")` as it is.
 */
const HTTPS_URL =
  // eslint-disable-next-line no-control-regex
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s\\"<>`\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]*)?$/;

/**
 * What a stored link points at: `own` for one of the product's uploaded files (`/api/files/…`),
 * `external` for an `https:` address elsewhere, null for anything else — `javascript:`, `data:`,
 * `//host`, `\\host`, other relative paths, and `http:` (it would be mixed content on the HTTPS site
 * and can be altered on the way).
 */
export function fileUrlKind(url: string): 'own' | 'external' | null {
  if (url.startsWith(OWN_FILE_PREFIX)) {
    const segments = url.slice(OWN_FILE_PREFIX.length).split('/');
    return segments.every((s) => KEY_SEGMENT.test(s)) ? 'own' : null;
  }
  return HTTPS_URL.test(url) ? 'external' : null;
}

export const isAllowedFileUrl = (url: string) => fileUrlKind(url) !== null;

/** An image field (comma-separated urls, SPEC §3): empty, or every url allowed. */
export const areAllowedImageUrls = (value: string) => splitUrls(value).every(isAllowedFileUrl);
