import { z } from 'zod';

/**
 * The photo rule of a plan (a 1-inch portrait as exam offices ask for it): a JPG of exactly `width` × `height`
 * pixels, between `minKb` and `maxKb`. The candidate site crops and compresses to it in the browser; applying checks
 * the stored file against it.
 */
export const photoRule = z.object({ width: z.number().int(), height: z.number().int(), minKb: z.number().int(), maxKb: z.number().int() });
export type PhotoRule = z.infer<typeof photoRule>;
export const DEFAULT_PHOTO_RULE: PhotoRule = { width: 295, height: 413, minKb: 10, maxKb: 200 };
export const photoRuleText = (r: PhotoRule) => `近期免冠正面证件照，JPG 格式，${r.width}×${r.height} 像素，${r.minKb}–${r.maxKb} KB`;
export const photoRuleMessage = (r: PhotoRule) => `证件照不符合要求：${photoRuleText(r)}，请在简历中重新上传`;
