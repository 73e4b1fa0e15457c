import { readPersisted, writePersisted } from './persisted';

/**
 * SPEC §2's "stored token". The token itself is in an HttpOnly cookie that page scripts cannot read (the server sets
 * it at sign-in and the browser sends it); the web keeps only this marker of a sign-in that has not ended.
 */
export const isSignedIn = () => readPersisted().signedIn === true;

/** Whether this tab signed out (退出登录): answers still arriving for its old session are no news to the user. */
let signingOutHere = false;
export const isSigningOutHere = () => signingOutHere;
export const markSigningOutHere = () => {
  signingOutHere = true;
};

export const markSignedIn = (companyId: number) => {
  signingOutHere = false;
  writePersisted({ signedIn: true, companyId });
};

export const markSignedOut = () => writePersisted({ signedIn: undefined });
