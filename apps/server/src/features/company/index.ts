// What other features use of the company feature.
export { createCompany } from './create-company.js';
export { companyIndustry } from './industry.js';
export { lockCompany } from './locks.js';
