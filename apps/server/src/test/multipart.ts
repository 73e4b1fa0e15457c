import { randomBytes } from 'node:crypto';

/** A multipart request body of one file in the field `file`, with the content-type header that names its boundary. */
export function fileUpload(fileName: string, content: Buffer) {
  const boundary = `----zhaokao${randomBytes(8).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
