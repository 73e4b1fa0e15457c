// What other features use of the candidate-site feature: which plans and publications candidates may see.
export { planPhaseSql, planVisible, publicationVisible } from './visible.js';
