import {
  BUY_STATUS, type PageInput, TALENT_COUNT_CAP, TALENT_EXPORT_MAX_ROWS, TALENT_MESSAGES,
  exportCompanyTalentList, companyTalentList, companyTalentRow, exportPlatformTalentList, platformTalentList,
  talentRow,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../shared/errors.js';
import { SEX_NAMES, maskEmail, maskPhone } from '../../shared/masks.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { type XlsxColumn, xlsxAnswer } from '../../shared/xlsx.js';
import { unlockedSql } from './masking.js';
import { type CompanyTalentFilters, TALENT_ROW_COLUMNS, type TalentFilters, talentConditions, whereAll } from './search.js';

/** A list row as the company may see it: phone and e-mail masked until the talent is unlocked. */
function maskedUnlessUnlocked<R extends { unlocked: boolean; phone: string; email: string }>({ unlocked, ...row }: R) {
  return {
    ...row,
    buyStatus: unlocked ? BUY_STATUS.unlocked : BUY_STATUS.locked,
    phone: unlocked ? row.phone : maskPhone(row.phone),
    email: unlocked ? row.email : maskEmail(row.email),
  };
}

const talentDbRow = talentRow.omit({ buyStatus: true }).extend({ unlocked: z.boolean() }).transform(maskedUnlessUnlocked);
const companyTalentDbRow = companyTalentRow
  .omit({ buyStatus: true })
  .extend({ unlocked: z.boolean(), lastAppliedAt: timestampText })
  .transform(maskedUnlessUnlocked);

const blacklistedSql = (companyId: number) =>
  sql`exists (select 1 from talent_company_black b where b.company_id = ${companyId} and b.talent_id = t.id)`;

/** 应聘人才库's query parts: the company's applicants (all unlocked, so the full text is searched) and the filters. */
function companyPool(companyId: number, input: CompanyTalentFilters) {
  const conditions = talentConditions(input, (pattern) => sql`t.search_text like ${pattern}`);
  if (input.classifyId !== undefined) {
    conditions.push(sql`exists (select 1 from talent_company_classify tc where tc.company_id = ${companyId} and tc.talent_id = t.id
      and tc.classify_id in (
        with recursive below as (
          select id from talent_classify where id = ${input.classifyId} and company_id = ${companyId}
          union all
          select c.id from talent_classify c join below on c.parent_id = below.id where c.company_id = ${companyId}
        ) select id from below))`);
  }
  if (input.labelId !== undefined) {
    conditions.push(sql`exists (select 1 from talent_label_link tl where tl.company_id = ${companyId} and tl.talent_id = t.id and tl.label_id = ${input.labelId})`);
  }
  const from = sql`(select a.talent_id, count(*)::int as n, max(a.created_at) as last
      from candidate_application a where a.company_id = ${companyId} group by a.talent_id) pool
    join talent t on t.id = pool.talent_id`;
  return { from, where: whereAll(conditions) };
}

/** How many rows `from … where …` finds, counted up to one past TALENT_COUNT_CAP: past it the exact figure is not worth its time. */
const cappedCountSql = (fromWhere: SQL) => sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${TALENT_COUNT_CAP + 1}) found`;

/** 应聘人才库's two statements: the list, newest application first, and its count (capped). */
function companyTalentSql(companyId: number, input: CompanyTalentFilters) {
  const { from, where } = companyPool(companyId, input);
  return {
    rows: sql`select ${TALENT_ROW_COLUMNS}, true as unlocked, ${blacklistedSql(companyId)} as blacklisted,
        pool.n as "applicationCount", pool.last as "lastAppliedAt",
        coalesce((select array_agg(c.name order by c.name) from talent_company_classify tc join talent_classify c on c.id = tc.classify_id
          where tc.company_id = ${companyId} and tc.talent_id = t.id), '{}') as "classifyNames",
        coalesce((select array_agg(l.name order by l.name) from talent_label_link tl join talent_company_label l on l.id = tl.label_id
          where tl.company_id = ${companyId} and tl.talent_id = t.id), '{}') as labels
      from ${from} where ${where}
      order by pool.last desc, t.id desc`,
    count: cappedCountSql(sql`from ${from} where ${where}`),
  };
}

/** 全部人才库's query parts: searchable talents, the keyword searched without the latest job unless unlocked. */
function platformPool(companyId: number, input: TalentFilters) {
  const unlocked = unlockedSql(companyId, sql`t.id`);
  // the unlock is looked up only for a talent whose public text does not hold the keyword
  const conditions = [
    sql`t.searchable`,
    ...talentConditions(input, (pattern) => sql`(t.search_text_public like ${pattern} or (t.search_text like ${pattern} and ${unlocked}))`),
  ];
  return { unlocked, where: whereAll(conditions) };
}

/**
 * 全部人才库's two statements, the list (newest first; `pagedRows` appends the page's limit) and its count (capped),
 * as the route runs them (both at once); bench/talent-search.mjs measures these same statements.
 */
export function platformTalentSql(companyId: number, input: TalentFilters) {
  const { unlocked, where } = platformPool(companyId, input);
  return {
    rows: sql`select ${TALENT_ROW_COLUMNS}, ${unlocked} as unlocked, ${blacklistedSql(companyId)} as blacklisted
      from talent t where ${where} order by t.id desc`,
    count: cappedCountSql(sql`from talent t where ${where}`),
  };
}

const exportLimit = sql`limit ${TALENT_EXPORT_MAX_ROWS}`;

const commonColumns = (rows: z.output<typeof talentDbRow>[]): XlsxColumn[] => [
  { header: '姓名', width: 12, values: rows.map((r) => r.realName) },
  { header: '性别', width: 6, values: rows.map((r) => SEX_NAMES[r.sex] ?? r.sex) },
  { header: '年龄', width: 6, values: rows.map((r) => (r.age === null ? '' : String(r.age))) },
  { header: '学历', width: 12, values: rows.map((r) => r.education) },
  { header: '毕业院校', width: 24, values: rows.map((r) => r.graduateSchool) },
  { header: '专业', width: 20, values: rows.map((r) => r.major) },
  { header: '工作年限', width: 8, values: rows.map((r) => String(r.workYears)) },
  { header: '政治面貌', width: 10, values: rows.map((r) => r.politicalOutlook) },
  { header: '手机号码', width: 14, values: rows.map((r) => r.phone) },
  { header: '电子邮箱', width: 24, values: rows.map((r) => r.email) },
  { header: '简历状态', width: 10, values: rows.map((r) => (r.buyStatus === BUY_STATUS.unlocked ? '已解锁' : '未解锁')) },
];

const refusePageBeyondCap = ({ pageNum, pageSize }: PageInput) => {
  if ((pageNum - 1) * pageSize > TALENT_COUNT_CAP) throw badRequest(TALENT_MESSAGES.pageBeyondCap);
};

const EXPORT_NOTE = `最多导出 ${TALENT_EXPORT_MAX_ROWS} 条；未解锁人才的联系方式已隐藏。`;

export function talentListRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, companyTalentList, async ({ input, session }) => {
    refusePageBeyondCap(input);
    return pagedRows(db, companyTalentSql(session.companyId, input), companyTalentDbRow, input);
  });

  defineRoute(app, platformTalentList, async ({ input, session }) => {
    refusePageBeyondCap(input);
    return pagedRows(db, platformTalentSql(session.companyId, input), talentDbRow, input);
  });

  defineFileRoute(app, exportCompanyTalentList, async ({ input, session }) => {
    const rows = await parsedRows(db, sql`${companyTalentSql(session.companyId, input).rows} ${exportLimit}`, companyTalentDbRow);
    return xlsxAnswer(
      '应聘人才库.xlsx',
      '应聘人才库',
      [
        ...commonColumns(rows),
        { header: '分类', width: 20, values: rows.map((r) => r.classifyNames.join('、')) },
        { header: '标签', width: 20, values: rows.map((r) => r.labels.join('、')) },
        { header: '报名次数', width: 8, values: rows.map((r) => String(r.applicationCount)) },
      ],
      EXPORT_NOTE,
    );
  });

  defineFileRoute(app, exportPlatformTalentList, async ({ input, session }) => {
    const rows = await parsedRows(db, sql`${platformTalentSql(session.companyId, input).rows} ${exportLimit}`, talentDbRow);
    return xlsxAnswer('全部人才库.xlsx', '全部人才库', commonColumns(rows), EXPORT_NOTE);
  });
}
