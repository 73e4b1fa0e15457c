import { COMPRESS_WIDTH } from '@zhaokao/contracts';

/** Scales a JPEG or PNG down to SPEC's width of 1920 px; smaller images and GIFs are sent as they are. */
export async function compressToWidth(file: File, width = COMPRESS_WIDTH): Promise<Blob> {
  if (!/^image\/(jpeg|png)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  if (bitmap.width <= width) {
    bitmap.close();
    return file;
  }
  const height = Math.round((bitmap.height * width) / bitmap.width);
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await canvas.convertToBlob({ type: file.type, quality: 0.85 });
  return blob.size < file.size ? blob : file;
}
