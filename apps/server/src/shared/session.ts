import type { Permission } from '@zhaokao/contracts';

/** A signed-in caller, as `defineRoute` hands it to handlers (read by features/auth/sessions.ts). */
export interface Session {
  sessionId: number;
  userId: number;
  companyId: number;
  roleId: number;
  permissions: Permission[];
  /** A password someone else set (initial or reset): only `beforeOwnPassword` calls answer until it is changed. */
  passwordMustChange: boolean;
}

export const TOKEN_HEADER = 'x-token';
/** The browser's session cookie (SPEC §9), HttpOnly and set by the server at login (see session-cookie.ts). */
export const TOKEN_COOKIE = 'Admin-Token';

/** Signed-in callers by their token; features/auth/sessions.ts keeps them (`SessionStore`). */
export interface Sessions {
  /** The session of a token, or the token error SPEC §8 names. */
  fromToken(token: string | undefined): Promise<Session>;
  /** Forgets what is cached, after a change that ends sessions or changes what they may do. */
  forget(): void;
}
