import { and, eq } from 'drizzle-orm';
import { company, sysDict } from '../../db/tables.js';

/** Joins a company to its industry's dictionary entry: `.leftJoin(sysDict, companyIndustry)`, then `sysDict.label`. */
export const companyIndustry = and(eq(sysDict.type, 'industry'), eq(sysDict.value, company.industry));
