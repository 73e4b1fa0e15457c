import type { PhotoRule } from '@zhaokao/contracts';

/**
 * Pure parts of the photo cropper: where the image sits behind the fixed frame (the photo rule's width × height,
 * in output pixels), and the JPEG quality that brings the file within the rule's size.
 */

export interface Size {
  width: number;
  height: number;
}

/** The image's top-left corner in frame pixels and its scale (frame pixels per image pixel). */
export interface Placement {
  x: number;
  y: number;
  scale: number;
}

export const MAX_ZOOM = 4;

/** The scale at which the image just covers the frame (zoom 1). */
export const coverScale = (image: Size, frame: Size) => Math.max(frame.width / image.width, frame.height / image.height);

/** Keeps the image covering the whole frame: no empty band on any side. */
export function clampPlacement(image: Size, frame: Size, p: Placement): Placement {
  const scale = Math.max(p.scale, coverScale(image, frame));
  const minX = frame.width - image.width * scale;
  const minY = frame.height - image.height * scale;
  return { scale, x: Math.min(0, Math.max(minX, p.x)), y: Math.min(0, Math.max(minY, p.y)) };
}

/** The image covering the frame, centred. */
export function initialPlacement(image: Size, frame: Size): Placement {
  const scale = coverScale(image, frame);
  return { scale, x: (frame.width - image.width * scale) / 2, y: (frame.height - image.height * scale) / 2 };
}

/** Zoom (1 … MAX_ZOOM times the cover scale) about the frame's centre: the point under it stays under it. */
export function zoomTo(image: Size, frame: Size, p: Placement, zoom: number): Placement {
  const scale = coverScale(image, frame) * Math.min(MAX_ZOOM, Math.max(1, zoom));
  const cx = (frame.width / 2 - p.x) / p.scale;
  const cy = (frame.height / 2 - p.y) / p.scale;
  return clampPlacement(image, frame, { scale, x: frame.width / 2 - cx * scale, y: frame.height / 2 - cy * scale });
}

/** Dragged by (dx, dy) frame pixels. */
export const moveBy = (image: Size, frame: Size, p: Placement, dx: number, dy: number) =>
  clampPlacement(image, frame, { ...p, x: p.x + dx, y: p.y + dy });

/** Qualities tried from the best down; the first whose file is within the rule is kept. */
const QUALITIES = [0.92, 0.85, 0.78, 0.7, 0.62, 0.54, 0.46, 0.38, 0.3];
/** A plain picture can come out under the minimum even at 0.92: these are tried then. */
const HIGHER_QUALITIES = [0.96, 1];

export type FitResult<T> = { blob: T; quality: number } | { problem: string };

/** Encodes at lowering quality until the file is within minKb…maxKb (`encode` is canvas.toBlob as a promise). */
export async function encodeWithinRule<T extends { size: number }>(
  encode: (quality: number) => Promise<T | null>,
  rule: PhotoRule,
): Promise<FitResult<T>> {
  const min = rule.minKb * 1024;
  const max = rule.maxKb * 1024;
  let tooSmall = false;
  for (const quality of QUALITIES) {
    const blob = await encode(quality);
    if (!blob) return { problem: '照片处理失败，请换一张照片或换一个浏览器再试' };
    if (blob.size < min) {
      tooSmall = true;
      break;
    }
    if (blob.size <= max) return { blob, quality };
  }
  if (tooSmall) {
    for (const quality of HIGHER_QUALITIES) {
      const blob = await encode(quality);
      if (blob && blob.size >= min && blob.size <= max) return { blob, quality };
    }
    return { problem: `照片文件小于 ${rule.minKb} KB，请换一张更清晰的照片` };
  }
  return { problem: `照片压缩后仍大于 ${rule.maxKb} KB，请换一张照片` };
}
