// What other features use of the post feature.
export { postDetailOf } from './post-detail.js';
