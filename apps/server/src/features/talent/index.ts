// What other features use of the talent feature.
export { resumeViewOf } from './resume-view.js';
