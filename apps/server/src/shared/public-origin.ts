import { PUBLIC_BASE_URL_MISSING_MESSAGE } from '@zhaokao/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { badRequest } from './errors.js';

/** `localhost`, `*.localhost`, 127.x.x.x or [::1], with any port. */
const LOOPBACK_HOST = /^(?:localhost|[a-z0-9.-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The public origin of the site for addresses that leave it (QR codes): PUBLIC_BASE_URL (required in production),
 * or else the address the request came to, only when that is this machine itself (development): any other Host
 * header could be set by anyone, and a printed QR code would lead to their site. Refused otherwise (400).
 */
export function publicOrigin(config: Pick<Config, 'publicBaseUrl'>, request: FastifyRequest): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  if (!LOOPBACK_HOST.test(request.host)) throw badRequest(PUBLIC_BASE_URL_MISSING_MESSAGE);
  return `${request.protocol}://${request.host}`;
}
