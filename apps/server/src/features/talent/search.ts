import type { companyTalentFilters, talentFilters } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { escapeLike } from '../../shared/sql.js';

export type TalentFilters = z.output<z.ZodObject<typeof talentFilters>>;
export type CompanyTalentFilters = z.output<z.ZodObject<typeof companyTalentFilters>>;

/** `text` as a LIKE pattern that finds it anywhere, lower-cased as the search columns are. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

/**
 * The text is found through the talent's bigram index first (every two-character run of the text must be among the
 * talent's `t.search_grams`), then `exactly` checks it. What `exactly` checks must be part of `t.search_text` for the
 * index to be right (schools and majors are). One character has no bigram: it is looked for without the index.
 */
function throughGrams(text: string, exactly: SQL): SQL {
  return [...text].length < 2 ? exactly : sql`(t.search_grams @> zk_bigrams(lower(${text})) and ${exactly})`;
}

/** Today's date in China, the date ages are counted to. */
const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * The conditions of a talent list's filters over `talent t`. `keywordIn(pattern)` says where the keyword is looked
 * for: the full search text for a talent the company has unlocked, the text without the latest job otherwise. A
 * keyword of one character is a surname: it finds the names that begin with it.
 */
export function talentConditions(input: TalentFilters, keywordIn: (pattern: string) => SQL): SQL[] {
  const conditions: SQL[] = [];
  if (input.keyword) {
    conditions.push(
      [...input.keyword].length < 2
        ? sql`t.real_name like ${`${escapeLike(input.keyword)}%`}`
        : throughGrams(input.keyword, keywordIn(containsPattern(input.keyword))),
    );
  }
  if (input.school) conditions.push(throughGrams(input.school, sql`lower(t.schools) like ${containsPattern(input.school)}`));
  if (input.major) conditions.push(throughGrams(input.major, sql`lower(t.majors) like ${containsPattern(input.major)}`));
  if (input.education) conditions.push(sql`t.education = ${input.education}`);
  if (input.sex) conditions.push(sql`t.sex = ${input.sex}`);
  if (input.politicalOutlook) conditions.push(sql`t.political_outlook = ${input.politicalOutlook}`);
  if (input.workYearsMin !== undefined) conditions.push(sql`t.work_years >= ${input.workYearsMin}`);
  if (input.workYearsMax !== undefined) conditions.push(sql`t.work_years <= ${input.workYearsMax}`);
  // aged at least n: born on or before today n years ago; at most n: born after today n + 1 years ago
  if (input.ageMin !== undefined) conditions.push(sql`t.birthday <= (${TODAY} - make_interval(years => ${input.ageMin}::int))::date`);
  if (input.ageMax !== undefined) conditions.push(sql`t.birthday > (${TODAY} - make_interval(years => ${input.ageMax}::int + 1))::date`);
  return conditions;
}

export const whereAll = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** The talent columns a list row is made of (before masking), with the age in whole years. */
export const TALENT_ROW_COLUMNS = sql`t.id, t.real_name as "realName", t.sex, t.education, t.graduate_school as "graduateSchool",
  t.majors as major, t.work_years as "workYears", t.political_outlook as "politicalOutlook", t.phone, t.email,
  extract(year from age(${TODAY}, t.birthday))::int as age`;
