/**
 * The two servers the browser tests start. `E2E_PORT` moves both (the second one on the next port), so that two
 * runs on one machine do not collide.
 */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A second server whose sessions expire after about 14 s (long enough to sign in on a loaded machine), for the expired-token flow. */
export const SHORT_SESSION_PORT = MAIN_PORT + 1;

/** A server of its own for the money flows (buying, paying, invoices, registration fees), so that what they buy never changes what the other tests see of the demo companies. */
export const PAYMENT_PORT = MAIN_PORT + 2;

export const MAIN_URL = `http://localhost:${MAIN_PORT}`;
export const SHORT_SESSION_URL = `http://localhost:${SHORT_SESSION_PORT}`;
export const PAYMENT_URL = `http://localhost:${PAYMENT_PORT}`;

/**
 * Stands in for Alibaba Cloud SMS for the payment server (start-servers.mjs): the server sends its candidate codes
 * there through its real adapter, and a test reads the last code sent to a number at `/codes/<phone>`.
 */
export const SMS_INBOX_PORT = MAIN_PORT + 3;
export const SMS_INBOX_URL = `http://127.0.0.1:${SMS_INBOX_PORT}`;
