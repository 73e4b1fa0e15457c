/** Upload kinds, their accepted types and limits (SPEC §5, §9; DESIGN §7). */
export const UPLOAD_KINDS = ['image', 'video', 'audio', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadRule {
  /** Lower-case extensions accepted. */
  extensions: readonly string[];
  /** MIME types that content detection may report. */
  mimes: readonly string[];
  defaultMaxKb: number;
  typeMessage: string;
}

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  image: {
    extensions: ['jpeg', 'jpg', 'gif', 'png'],
    mimes: ['image/jpeg', 'image/gif', 'image/png'],
    defaultMaxKb: 5000,
    typeMessage: '上传文件只能是图片格式!',
  },
  video: {
    extensions: ['mp4', 'webm', 'ogg', 'mov'],
    mimes: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'audio/ogg'],
    defaultMaxKb: 10000,
    typeMessage: '上传文件只能是视频格式!',
  },
  audio: {
    extensions: ['mp3', 'mpeg'],
    mimes: ['audio/mpeg'],
    defaultMaxKb: 10000,
    typeMessage: '上传文件只能是音频格式!',
  },
  file: {
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'rar', 'txt', 'jpg', 'jpeg', 'png', 'gif'],
    mimes: [
      'application/pdf',
      'application/x-cfb',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/zip',
      'application/x-rar-compressed',
      'application/vnd.rar',
      'text/plain',
      'image/jpeg',
      'image/png',
      'image/gif',
    ],
    defaultMaxKb: 10000,
    typeMessage: '上传文件格式不支持，请上传 PDF、Office 文档、压缩包、文本或图片',
  },
};

export const DEFAULT_MAX_COUNT = 99;
export const COMPRESS_WIDTH = 1920;
export const DEFAULT_DISPLAY_SIZE = 100;

export const sizeMessage = (kb: number) => `上传文件大小不能超过 ${kb}kb`;
export const countMessage = (n: number) => `图片超限，最多可上传${n}张图片`;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The size limit of an upload: a requested `maxKb` may lower the kind's maximum, never raise it. */
export const uploadLimitKb = (kind: UploadKind, maxKb?: number) =>
  Math.min(maxKb ?? UPLOAD_RULES[kind].defaultMaxKb, UPLOAD_RULES[kind].defaultMaxKb);

export const FILE_NAME_MAX = 200;
export const FILE_NAME_CHARACTERS_MESSAGE = '文件名含有不允许的字符，请重命名后再上传';
export const FILE_NAME_LENGTH_MESSAGE = `文件名最长 ${FILE_NAME_MAX} 个字符，请重命名后再上传`;

/**
 * Control characters (NUL included) cannot be stored or shown; direction overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) can make `gpj.exe` read as `exe.jpg`.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The Chinese message for a file name that is refused whatever the kind, or null. */
export function fileNameProblem(fileName: string): string | null {
  if (FORBIDDEN_NAME_CHARACTERS.test(fileName)) return FILE_NAME_CHARACTERS_MESSAGE;
  if ([...fileName].length > FILE_NAME_MAX) return FILE_NAME_LENGTH_MESSAGE;
  return null;
}

/** The Chinese message for a file that may not be uploaded as `kind`, or null when it may. */
export function uploadProblem(kind: UploadKind, fileName: string, sizeBytes: number, maxKb?: number): string | null {
  const rule = UPLOAD_RULES[kind];
  const nameProblem = fileNameProblem(fileName);
  if (nameProblem) return nameProblem;
  if (!rule.extensions.includes(extensionOf(fileName))) return rule.typeMessage;
  const limit = uploadLimitKb(kind, maxKb);
  if (sizeBytes > limit * 1024) return sizeMessage(limit);
  return null;
}

/** An image upload field holds its urls as one comma-separated string (SPEC §3). */
export const splitUrls = (value: string | null | undefined): string[] =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
export const joinUrls = (urls: readonly string[]): string => urls.join(',');
