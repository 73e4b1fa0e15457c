// What other features use of the platform feature.
export { operatorOf } from './operators.js';
