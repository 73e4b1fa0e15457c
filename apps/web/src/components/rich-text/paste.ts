/**
 * The image files of a paste or drop that are to be uploaded and inserted. Excel, WPS and Word put a picture of the
 * copied cells or text on the clipboard beside its HTML: when the HTML has a table or any text, the HTML is what was
 * meant and is pasted instead (a table stays a table). An image copied alone (its HTML at most an `<img>`) is uploaded.
 */
export function pastedImages<F extends { type: string }>(files: readonly F[], html: string | undefined): F[] {
  const images = files.filter((f) => f.type.startsWith('image/'));
  if (images.length === 0 || !html) return images;
  if (/<table[\s>]/i.test(html)) return [];
  const text = html
    .replace(/<(style|script|head|title)[\s>][\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\s/g, '');
  return text === '' ? images : [];
}
