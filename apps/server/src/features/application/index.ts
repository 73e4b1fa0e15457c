// What other features use of applying: the checks and steps the public call and the candidate site's share.
export {
  type OpenPost, type StoredResume, enterApplication, lockOpenPost, refuseBlacklisted, refuseIncomplete,
  resubmitWith, resumeOf,
} from './apply.js';
