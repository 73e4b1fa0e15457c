import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';

interface Refusal {
  status: number;
  msg: string;
}

/** Chinese answers to what Fastify and its plugins refuse about a request itself, by error code. */
const REFUSALS: Record<string, Refusal> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: '请求内容不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: '请求内容不能为空' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: '请求内容长度不正确' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: '上传内容过大' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, msg: '上传内容过大' },
  FST_ERR_BAD_URL: { status: 400, msg: '请求地址不正确' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: '请求地址过长' },
};

const BAD_REQUEST: Refusal = { status: 400, msg: '请求格式不正确' };

/** How to answer an error about the request (status 4xx), or null for an error of the server. */
export function refusalOf(error: { code?: string; statusCode?: number }): Refusal | null {
  const known = error.code === undefined ? undefined : REFUSALS[error.code];
  if (known) return known;
  return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? BAD_REQUEST : null;
}

export const answerOf = (refusal: Refusal) => ({ code: refusal.status, msg: refusal.msg, data: null });

/** Fastify's `frameworkErrors`: a URL its router cannot decode, or a path parameter over `maxParamLength`. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error) ?? { status: 500, msg: '服务器开小差了，请稍后再试' };
  request.log.info({ err: error }, 'request refused');
  reply.status(refusal.status).send(answerOf(refusal));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses the request before Fastify sees it — request line
 * and headers over `maxHeaderSize` (16 KB), or bytes that are not HTTP. Answered on the socket, then closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, msg: '请求地址或请求头过长' }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, msg: '请求超时' }
        : BAD_REQUEST;
  const body = JSON.stringify(answerOf(refusal));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
