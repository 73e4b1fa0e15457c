// What other features use of the rights feature.
export { heldRights, holdsRight } from './held-rights.js';
