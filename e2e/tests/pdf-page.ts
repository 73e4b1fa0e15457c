import { PDFiumLibrary } from '@hyzyla/pdfium';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * A PDF's first page as a person would see it: rendered to PNG (PDFium, WebAssembly: nothing to install), with
 * its text and how many images it draws, and how much of it is not white (a blank page is near 0).
 */
export async function firstPageOf(pdf: Buffer, scale = 1.5) {
  const library = await PDFiumLibrary.init();
  try {
    const document = await library.loadDocument(pdf);
    const page = document.getPage(0);
    const text = page.getText();
    const images = [...page.objects()].filter((o) => o.type === 'image').length;
    const bitmap = await page.render({ scale, render: 'bitmap' });
    const png = new PNG({ width: bitmap.width, height: bitmap.height });
    png.data = Buffer.from(bitmap.data);
    let ink = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 200 || png.data[i + 1]! < 200 || png.data[i + 2]! < 200) ink++;
    document.destroy();
    return { png: PNG.sync.write(png), text, images, inkRatio: ink / (bitmap.width * bitmap.height) };
  } finally {
    library.destroy();
  }
}

/** The QR code in the top half of a rendered page (a ticket page holds two: one per half). */
export function qrCodeOfTopHalf(pagePng: Buffer): string | undefined {
  const image = PNG.sync.read(pagePng);
  const height = Math.floor(image.height / 2);
  const top = new Uint8ClampedArray(image.data.subarray(0, image.width * height * 4));
  return jsQR(top, image.width, height)?.data;
}
