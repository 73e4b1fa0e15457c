/**
 * The `err` serializer of the server's logger. Database errors carry the values of the failed query —
 * Drizzle's `params` (also in its message), PostgreSQL's `detail` ("Key (login_account)=(…)",
 * "Failing row contains (…)") — which may be password hashes, identity numbers or phones. Only fields
 * that describe the failure, not the data, are logged.
 */

/** Fields kept from an error: what failed and where, never a row's values. */
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'httpStatus',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  /** The SQL text, with $1… placeholders where the values were. */
  'query',
] as const;

const MAX_DEPTH = 5;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
  code?: unknown;
  severity?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string');

/** The message without the values it may quote. */
function safeMessage(err: ErrorLike): string {
  let message = String(err.message ?? '');
  // Drizzle: "Failed query: <sql>\nparams: <values>"
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  // PostgreSQL data exceptions (class 22) quote the value they could not take: invalid input syntax for type integer: "…"
  if (typeof err.severity === 'string' && typeof err.code === 'string' && err.code.startsWith('22')) {
    message = message.replace(/"(?:[^"]|"")*"/g, '"[redacted]"');
  }
  return message;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function redact(err: ErrorLike, depth: number): SerializedError {
  const message = safeMessage(err);
  const original = String(err.message ?? '');
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const out: SerializedError = {
    type: typeof err.constructor === 'function' && err.constructor !== Object ? err.constructor.name : String(err.name ?? 'Error'),
    message,
    stack: original && message !== original ? stack.replace(original, message) : stack,
  };
  for (const key of KEPT_FIELDS) {
    const value = err[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (depth < MAX_DEPTH) {
    if (isErrorLike(err.cause)) out.cause = redact(err.cause, depth + 1);
    if (Array.isArray(err.errors)) out.errors = err.errors.filter(isErrorLike).map((e) => redact(e, depth + 1));
  }
  return out;
}

export function serializeError(err: unknown): SerializedError {
  return isErrorLike(err) ? redact(err, 0) : { type: typeof err, message: String(err), stack: '' };
}
