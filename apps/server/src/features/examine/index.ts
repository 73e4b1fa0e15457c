// What other features use of the examine feature.
export { waitAuditSql } from './audit-lists.js';
export { type Applicant, createdAtField, identityFields, numberField, personFields, statusField, withApplicants } from './export-data.js';
