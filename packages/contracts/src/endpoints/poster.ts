import { z } from 'zod';
import { emptyInput, getEndpoint, idOf } from '../api.js';
import { PUBLIC_BASE_URL_MISSING_MESSAGE } from '../candidate-site.js';
import { FUNCTION_CODES } from '../rights.js';

/**
 * 推广海报 and 公司二维码 (SPEC §2 `/poster/poster`, `/setting/CompanyQrCode`): PNG images the server draws, with a QR code
 * leading to the candidate site (candidate-site.ts). Any signed-in staff member may make a poster of the company's own
 * plans (as any may list them); the company QR code needs the company QR code right.
 */

/** A poster's look: `accent` colours the header band and titles, `background` the page, `tint` the post rows. */
export interface PosterTemplate {
  id: PosterTemplateId;
  name: string;
  accent: string;
  background: string;
  tint: string;
  /** The text colour on the accent band. */
  onAccent: string;
}

export const POSTER_TEMPLATE_IDS = ['blue', 'red', 'green'] as const;
export type PosterTemplateId = (typeof POSTER_TEMPLATE_IDS)[number];

export const POSTER_TEMPLATES: readonly PosterTemplate[] = [
  { id: 'blue', name: '简约蓝', accent: '#1d5fd1', background: '#f3f7ff', tint: '#e3edff', onAccent: '#ffffff' },
  { id: 'red', name: '喜庆红', accent: '#c8201c', background: '#fff6ef', tint: '#ffe6d6', onAccent: '#ffe9a8' },
  { id: 'green', name: '清新绿', accent: '#178a5c', background: '#f2fbf6', tint: '#dcf3e6', onAccent: '#ffffff' },
];

/** A poster's size in pixels (a phone screen, 9:16). */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
/** The company QR code picture's size in pixels: the code with the company's name under it. */
export const COMPANY_QR_WIDTH = 600;
export const COMPANY_QR_HEIGHT = 720;
/** How many posts a plan's poster lists; the rest are counted ("等 N 个岗位"). */
export const POSTER_MAX_POSTS = 8;

export const POSTER_MESSAGES = {
  badTemplate: '海报模板不存在',
  planMissing: '招录计划不存在',
  postMissing: '岗位不存在',
  /** PUBLIC_BASE_URL unset and the request came to an address other than this machine's own: a QR code must not follow it. */
  unknownHost: PUBLIC_BASE_URL_MISSING_MESSAGE,
} as const;

/** The poster of a plan (or of one of its posts), a PNG of POSTER_WIDTH × POSTER_HEIGHT. */
export const planPoster = getEndpoint('/admin/poster/planPoster/:planId', {
  input: z.object({
    planId: idOf('招录计划'),
    postId: idOf('岗位').optional(),
    template: z.enum(POSTER_TEMPLATE_IDS, { error: POSTER_MESSAGES.badTemplate }).default('blue'),
  }),
  output: z.unknown(),
});

/** The company's candidate page address, which its QR code holds. */
export const companyQrCodeLink = getEndpoint('/admin/poster/companyQrCodeLink', {
  right: FUNCTION_CODES.COMPANY_QR_CODE,
  input: emptyInput,
  output: z.object({ url: z.string() }),
});

/** The company's QR code with its name under it, a PNG. */
export const companyQrCodePng = getEndpoint('/admin/poster/companyQrCode', {
  right: FUNCTION_CODES.COMPANY_QR_CODE,
  input: emptyInput,
  output: z.unknown(),
});
