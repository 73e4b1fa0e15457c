// What other features use of the candidate resume: the saved draft, candidates' file keys and who may read them, the photo's size.
export { readResume } from './resume.js';
export { candidateFileKeyOf, isCandidateFileKey, readableCandidateFile } from './files.js';
export { jpegSize } from './jpeg-size.js';
