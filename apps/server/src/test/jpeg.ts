const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

const JFIF = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]));

/** A frame header of three components: the size a decoder reads. */
export const frameHeader = (width: number, height: number, marker = 0xc0) => {
  const body = Buffer.from([0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  body.writeUInt16BE(height, 1);
  body.writeUInt16BE(width, 3);
  return segment(marker, body);
};

/** Comment segments of `bytes` bytes in all (at least 4: a segment's marker and length). */
function comments(bytes: number): Buffer[] {
  if (bytes < 4) throw new Error(`cannot pad ${bytes} bytes`);
  const parts: Buffer[] = [];
  for (let left = bytes; left > 0; ) {
    const take = left > 60_004 ? 60_000 : left;
    parts.push(segment(0xfe, Buffer.alloc(take - 4, 0x20)));
    left -= take;
  }
  return parts;
}

/**
 * A JPEG as far as its markers go (SOI, JFIF, comments padding it to `size` bytes, the frame header, EOI): enough
 * for content detection and for reading the pixel size, with no picture data.
 */
export function craftedJpeg(width: number, height: number, size = 0): Buffer {
  const SOI = Buffer.from([0xff, 0xd8]);
  const EOI = Buffer.from([0xff, 0xd9]);
  const bare = SOI.length + JFIF.length + frameHeader(width, height).length + EOI.length;
  const padding = size > bare ? comments(size - bare) : [];
  return Buffer.concat([SOI, JFIF, ...padding, frameHeader(width, height), EOI]);
}
