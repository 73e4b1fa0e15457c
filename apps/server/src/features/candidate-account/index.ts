// What other features use of the candidate-account feature: the signed-in candidate of a candidate call (its guard).
export { type CandidateSession, candidateOf } from './sessions.js';
