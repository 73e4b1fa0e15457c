// What other features use of the auth feature.
export { checkSignIn, clearLoginAttempts, startSession } from './service.js';
export { endSessionsOfUser, staffAsNow } from './sessions.js';
