#!/usr/bin/env node
// A large data set for benchmarks, on PostgreSQL only:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs
// (after `npm run build`; it migrates the database with the server's own migrations).
//
// It owns the companies named '压测单位NN' and the talents marked remarks = '压测数据': every run first
// deletes those (and everything of those companies it creates; their applications step by step, the
// rest in the transaction that follows), then inserts, all in SQL with INSERT ... SELECT
// generate_series, in one transaction:
//   - 200,000 talents (--talents N; 1,000,000 for bench/talent-search.mjs) with valid GB 11643 identity numbers,
//     unique phones and resumes to search: education 博士研究生/硕士研究生/本科/大专/高中, a school of 62 and a
//     major of 44 (education_list, 1–2 entries), 0–3 jobs at 86 employers (work_list), political outlook, work years,
//     birthdays 1970–2004, a title for some, and 90 % listed in 全部人才库 (searchable);
//   - 10 companies, each with an administrator role and one account (bench01..bench10 / Zhaokao@2026);
//   - company 01: one plan, 10 posts, 120,000 applications; companies 02..10: two plans of 5 posts,
//     49,000 applications each — 1,002,000 applications in all, spread over every status, each with
//     its resume as submitted (the talent's) and its first history row;
//   - company 01's plan: a two-level sign-up workflow (初审 by bench01, 复审 by bench01r / Zhaokao@2026)
//     and both tasks of every application, as its status says: 10 both pending, 11 初审 passed and
//     复审 pending, 12/13 one failed (初审, or 复审 after a passed 初审), 20 and later both passed — so
//     bench01's 待审核 holds the 15,000 applications at 10 (bench/review-lists.mjs).
// Re-running it starts over (it deletes its own rows first), so it is safe to run again at any time.
// Options: --talents N, --big N (applications of company 01), --per-plan N (others), --companies N.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../dist/db/client.js';
import { seedPlatform } from '../dist/seed/seed.js';
import { hashPassword } from '../dist/shared/crypto.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const TALENTS = option('talents', 200_000);
const BIG = option('big', 120_000);
const PER_PLAN = option('per-plan', 49_000);
const COMPANIES = option('companies', 10);
const PASSWORD = 'Zhaokao@2026';

// What the talents' resumes are made of (the talent search looks in schools, majors, employers and titles).
const { schools: SCHOOLS, highSchools: HIGH_SCHOOLS, majors: MAJORS, employers: EMPLOYERS, jobs: JOBS, titles: TITLES } = JSON.parse(
  readFileSync(new URL('./large-dataset-words.json', import.meta.url), 'utf8'),
);

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/zhaokao_bench');
  process.exit(2);
}
if (new URL(url).pathname.replace('/', '') === 'test') {
  console.error('refusing to fill the database "test" (it belongs to the API tests); create e.g. zhaokao_bench');
  process.exit(2);
}
if (Math.max(BIG, PER_PLAN) > TALENTS) {
  console.error('--talents must be at least the largest plan (one application per person and plan)');
  process.exit(2);
}

const started = performance.now();
const step = (label, t0) => console.log(`${label.padEnd(44)} ${Math.round(performance.now() - t0)} ms`);

// migrations and platform dictionaries, exactly as the server does on start
{
  const t0 = performance.now();
  const database = await openDatabase({ url });
  await seedPlatform(database.db);
  await database.close();
  step('migrate + platform data', t0);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = (text, values) => client.query(text, values);
const passwordHash = await hashPassword(PASSWORD);
const addStaff = async (companyId, roleId, login, name, phone) =>
  (
    await q(
      `insert into staff_user (company_id, role_id, login_account, password_hash, name, nick_name, phone)
       values ($1, $2, $3, $4, $5, $5, $6) returning id`,
      [companyId, roleId, login, passwordHash, name, phone],
    )
  ).rows[0].id;

try {
  let t0 = performance.now();
  const old = (await q(`select id from company where name like '压测单位%'`)).rows.map((r) => r.id);
  if (old.length > 0) {
    // The applications' rows go first, each step committed and vacuumed: a foreign key check that
    // has no index to use scans the referencing table once per deleted row, and must not find it
    // full of dead rows (for the old applications, and for the old talents below).
    for (const table of ['application_history', 'application_task', 'application_resume', 'candidate_application']) {
      await q(`delete from ${table} where company_id = any($1)`, [old]);
      await q(`vacuum ${table}`);
    }
  }
  await q('begin');
  if (old.length > 0) {
    await q('delete from workflow_item where company_id = any($1)', [old]);
    await q('delete from recruitment_info where company_id = any($1)', [old]);
    await q('delete from recruitment_plan where company_id = any($1)', [old]);
    await q('delete from user_session where company_id = any($1)', [old]);
    await q('delete from staff_user where company_id = any($1)', [old]);
    await q('delete from sys_role where company_id = any($1)', [old]);
    await q('delete from company where id = any($1)', [old]);
  }
  await q(`delete from talent where remarks = '压测数据'`);
  step(`reset (${old.length} old bench companies)`, t0);

  t0 = performance.now();
  // GB 11643 check character, in SQL
  await q(`create or replace function pg_temp.gb_check(s text) returns text language sql immutable as $$
    select substr('10X98765432', (sum(substr(s, k, 1)::int * (array[7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2])[k]) % 11)::int + 1, 1)
    from generate_series(1, 17) k $$`);
  // Talents for the talent search (bench/talent-search.mjs) as well: education, schools, majors, employers, titles,
  // political outlook, work years and 全部人才库 listing, each picked by a hash of the ordinal (no correlation with
  // the id order, as in real data). The GIN index over the search bigrams is dropped and made again afterwards
  // (from its own definition): building it once is several times faster than keeping it up row by row.
  // (JIT compiling the long expression below would take seconds of its own)
  await q(`set maintenance_work_mem = '512MB'`);
  await q('set jit = off');
  const ginIndexes = (
    await q(`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'talent' and indexdef ilike '% using gin %'`)
  ).rows;
  for (const index of ginIndexes) await q(`drop index ${index.indexname}`);
  await q(`create or replace function pg_temp.h(i int, k int, n int) returns int language sql immutable as $$
    select (hashint4(i * 64 + k) & 2147483647) % n $$`);
  await q(
    `with g as (
       select i,
         (array['430104','430102','430111','430121','430203','430302','430405','430602','430702','431002',
                '420103','420102','420106','420111','420502','420602','420902','421002','421102','422801'])[1 + i % 20] as region,
         -- births 1970-01-01 .. 2004-12-31 (12,784 days), scattered: (k / 20) * 7919 % 12784 is one-to-one
         date '1970-01-01' + ((i % 255680) / 20 * 7919 % 12784) as birth,
         (i / 255680) * 2 + (i % 2) + 100 as seq,
         pg_temp.h(i, 1, 100) as edu_pick
       from generate_series(0, $1::int - 1) i
     ), ids as (
       select g.*, region || to_char(birth, 'YYYYMMDD') || lpad(seq::text, 3, '0') as first17,
         extract(year from birth)::int as born,
         case when edu_pick < 2 then 5 when edu_pick < 14 then 4 when edu_pick < 60 then 3 when edu_pick < 88 then 2 else 1 end as level
       from g
     ), t as (
       select ids.*, y.grad, least(30, pg_temp.h(i, 6, greatest(0, 2026 - y.grad) + 1)) as work_years
       from ids cross join lateral (select born + (array[18, 21, 22, 25, 28])[level] as grad) y
     ), r as (
       select t.*,
         (array['高中','大专','本科','硕士研究生','博士研究生'])[level] as education,
         case when level = 1 then ($6::text[])[1 + pg_temp.h(i, 2, cardinality($6::text[]))]
              else ($2::text[])[1 + pg_temp.h(i, 2, cardinality($2::text[]))] end as school,
         ($2::text[])[1 + pg_temp.h(i, 3, cardinality($2::text[]))] as earlier_school,
         case when level = 1 then '' else ($3::text[])[1 + pg_temp.h(i, 4, cardinality($3::text[]))] end as major,
         case when pg_temp.h(i, 5, 3) = 0 then ($3::text[])[1 + pg_temp.h(i, 15, cardinality($3::text[]))]
              else ($3::text[])[1 + pg_temp.h(i, 4, cardinality($3::text[]))] end as earlier_major,
         case when pg_temp.h(i, 16, 10) = 0 then '非全日制' else '全日制' end as style,
         case when work_years = 0 then 0 else least(work_years, 1 + pg_temp.h(i, 7, 3)) end as jobs
       from t
     )
     insert into talent (real_name, sex, birthday, identity_no, phone, education, graduate_school, remarks,
       political_outlook, work_years, technical_title, education_list, work_list, searchable)
     select
       (array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗',
              '郑','梁','谢','宋','唐','许','韩','冯','邓','曹','彭','曾','肖','田','董','袁','潘','于','蒋','蔡'])[1 + i % 40]
       || (array['伟','芳','娜','敏','静','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','霞','平','刚',
                 '晓雯','子豪','雨欣','浩然','梓涵','宇轩','欣怡','俊杰','思琪','文博'])[1 + (i / 40) % 30],
       case when i % 2 = 1 then '1' else '2' end,
       birth,
       first17 || pg_temp.gb_check(first17),
       '1' || (array['3','5','7','8','9'])[1 + i % 5] || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
       education,
       school,
       '压测数据',
       case when pg_temp.h(i, 9, 100) < 18 then '中共党员'
            when pg_temp.h(i, 9, 100) < case when 2026 - born <= 28 then 70 else 23 end then '共青团员'
            else '群众' end,
       work_years,
       case when work_years >= 3 and pg_temp.h(i, 8, 3) = 0 then ($5::text[])[1 + pg_temp.h(i, 17, cardinality($5::text[]))] else '' end,
       -- oldest first, as the resume form writes them; a 博士/硕士 and one 本科 in four went to an earlier school
       case when level = 1 or level = 2 or (level = 3 and pg_temp.h(i, 18, 4) <> 0) then
              jsonb_build_array(jsonb_build_object('startTime', (grad - case level when 1 then 3 when 2 then 3 else 4 end) || '-09',
                'endTime', grad || '-06', 'schoolName', school, 'education', education, 'specialty', major, 'learningStyle', style))
            else
              jsonb_build_array(
                jsonb_build_object('startTime', (grad - case level when 3 then 5 when 4 then 7 else 6 end) || '-09',
                  'endTime', (grad - case level when 3 then 2 else 3 end) || '-06', 'schoolName', earlier_school,
                  'education', (array['高中','大专','大专','本科','硕士研究生'])[level], 'specialty', earlier_major, 'learningStyle', '全日制'),
                jsonb_build_object('startTime', (grad - case level when 3 then 2 else 3 end) || '-09',
                  'endTime', grad || '-06', 'schoolName', school, 'education', education, 'specialty', major, 'learningStyle', style))
       end,
       -- jobs spread over the working years, the last one current (endTime '')
       coalesce((select jsonb_agg(jsonb_build_object(
                    'startTime', (2026 - work_years + work_years * j / jobs) || '-0' || (1 + pg_temp.h(i, 20 + j, 9)),
                    'endTime', case when j = jobs - 1 then '' else (2026 - work_years + work_years * (j + 1) / jobs) || '-0' || (1 + pg_temp.h(i, 24 + j, 6)) end,
                    'companyName', ($4::text[])[1 + pg_temp.h(i, 30 + j, cardinality($4::text[]))],
                    'jobPosition', ($7::text[])[1 + pg_temp.h(i, 34 + j, cardinality($7::text[]))]) order by j)
                 from generate_series(0, jobs - 1) j), '[]'::jsonb),
       pg_temp.h(i, 40, 10) <> 0
     from r`,
    [TALENTS, SCHOOLS, MAJORS, EMPLOYERS, TITLES, HIGH_SCHOOLS, JOBS],
  );
  for (const index of ginIndexes) await q(index.indexdef);
  const firstTalent = (await q(`select min(id) as id from talent where remarks = '压测数据'`)).rows[0].id;
  const byOrdinal = `create temporary table bench_talent on commit drop as
     select (row_number() over (order by id) - 1)::int as n, id, real_name, identity_no, phone from talent where remarks = '压测数据'`;
  await q(byOrdinal);
  await q('create unique index on bench_talent (n)');
  step(`talents: ${TALENTS} (first id ${firstTalent})`, t0);

  t0 = performance.now();
  const companies = [];
  for (let c = 1; c <= COMPANIES; c++) {
    const name = `压测单位${String(c).padStart(2, '0')}`;
    const [{ id: companyId }] = (
      await q(`insert into company (name, industry, address) values ($1, 'hr_service', '压测地址') returning id`, [name])
    ).rows;
    const [{ id: roleId }] = (
      await q(
        `insert into sys_role (company_id, name, permissions, is_admin) values ($1, '单位管理员', $2, true) returning id`,
        [companyId, ['plan:edit', 'review:signup', 'review:written', 'review:audition', 'staff:manage', 'talent:view']],
      )
    ).rows;
    const login = `bench${String(c).padStart(2, '0')}`;
    const staffId = await addStaff(companyId, roleId, login, `压测${c}`, '13800000000');
    // the bench company's second reviewer (复审)
    const reviewerId = c === 1 ? await addStaff(companyId, roleId, `${login}r`, `压测复审${c}`, '13800000001') : null;
    const planCount = c === 1 ? 1 : 2;
    const postCount = c === 1 ? 10 : 5;
    const perPlan = c === 1 ? BIG : PER_PLAN;
    const plans = [];
    for (let p = 1; p <= planCount; p++) {
      const [{ id: planId }] = (
        await q(
          `insert into recruitment_plan (company_id, name, sign_up_start_date, sign_up_end_date, written_start_date, audition_start_date, status)
           values ($1, $2, now() - interval '10 days', now() + interval '10 days', now() + interval '20 days', now() + interval '30 days', 'published')
           returning id`,
          [companyId, `${name}压测计划${p}`],
        )
      ).rows;
      const posts = (
        await q(
          `insert into recruitment_info (company_id, plan_id, job_vacancy, places)
           select $1, $2, '压测岗位' || k, 5 from generate_series(1, $3::int) k returning id`,
          [companyId, planId, postCount],
        )
      ).rows.map((r) => r.id);
      // one application per person and plan: g < rows of bench_talent, so (g + shift) % rows is one-to-one
      await q(
        `insert into candidate_application
           (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone,
            admission_ticket_code, written_grade, audition_grade, created_at, updated_at)
         select $1::int, $2::int, ($3::int[])[1 + g % cardinality($3::int[])], t.id, s.status, t.real_name, t.identity_no, t.phone,
           case when s.status >= 21 then 'ZK' || $2::int::text || lpad(g::text, 7, '0') end,
           case when s.status >= 22 then round((55 + (g * 37 % 4000) / 100.0)::numeric, 2) end,
           case when s.status >= 32 then round((60 + (g * 53 % 3500) / 100.0)::numeric, 2) end,
           now() - interval '10 days' + (g * interval '1 second' * 8),
           now() - interval '10 days' + (g * interval '1 second' * 8)
         from generate_series(0, $4::int - 1) g
         join bench_talent t on t.n = (g + $5::int) % $6::int
         cross join lateral (select (array[10,10,11,12,13,20,21,21,22,23,24,30,31,32,33,34])[1 + (g * 7) % 16] as status) s`,
        [companyId, planId, posts, perPlan, c * 7919 + p * 104729, TALENTS],
      );
      if (reviewerId !== null) {
        await q(
          `insert into workflow_item (company_id, plan_id, stage, sort, work_item, kind, assignee_id)
           values ($1, $2, 1, 1, '初审', 'verify', $3), ($1, $2, 1, 2, '复审', 'verify', $4)`,
          [companyId, planId, staffId, reviewerId],
        );
      }
      plans.push({ planId, posts: posts.length, applications: perPlan });
    }
    companies.push({ companyId, name, login: reviewerId === null ? login : `${login}, ${login}r`, plans });
  }
  step(`companies, plans, posts, applications`, t0);

  t0 = performance.now();
  const ids = companies.map((c) => c.companyId);
  await q(
    `insert into application_history (company_id, application_id, from_status, to_status, remarks, created_at)
     select company_id, id, null, 10, '考生报名', created_at from candidate_application where company_id = any($1)`,
    [ids],
  );
  step('history (first row of each application)', t0);

  t0 = performance.now();
  const resumeColumns = (
    await q(
      `select column_name from information_schema.columns
       where table_name = 'application_resume' and column_name not in ('company_id', 'application_id', 'created_at')
       order by ordinal_position`,
    )
  ).rows.map((r) => r.column_name);
  await q(
    `insert into application_resume (company_id, application_id, created_at, ${resumeColumns.join(', ')})
     select a.company_id, a.id, a.created_at, ${resumeColumns.map((c) => `t.${c}`).join(', ')}
     from candidate_application a join talent t on t.id = a.talent_id
     where a.company_id = any($1)`,
    [ids],
  );
  step('resumes as submitted (one per application)', t0);

  t0 = performance.now();
  // one task per sign-up work item, decided as far as the application's status says (DESIGN §5)
  const tasks = await q(
    `insert into application_task (company_id, application_id, workflow_item_id, status, verifier_id, verified_at, remarks)
     select a.company_id, a.id, i.id, d.status,
       case when d.status <> 0 then i.assignee_id end,
       case when d.status <> 0 then least(now(), a.updated_at + interval '1 hour') end,
       case when d.status = 2 then '压测：材料不全' else '' end
     from candidate_application a
     join workflow_item i on i.company_id = a.company_id and i.plan_id = a.plan_id and i.stage = 1
     cross join lateral (select case
         when a.status = 10 then 0
         when a.status = 11 then case when i.sort = 1 then 1 else 0 end
         when a.status in (12, 13) and a.id % 2 = 0 then case when i.sort = 1 then 2 else 0 end
         when a.status in (12, 13) then case when i.sort = 1 then 1 else 2 end
         else 1 end as status) d
     where a.company_id = any($1)`,
    [ids],
  );
  step(`sign-up tasks (${tasks.rowCount})`, t0);
  await q('commit');

  t0 = performance.now();
  // index-only scans need the visibility map; the planner needs statistics
  await q('vacuum analyze talent');
  await q('vacuum analyze candidate_application');
  await q('vacuum analyze application_history');
  await q('vacuum analyze application_resume');
  await q('vacuum analyze application_task');
  await q('vacuum analyze workflow_item');
  step('vacuum analyze', t0);

  const [{ n }] = (await q('select count(*)::int as n from candidate_application where company_id = any($1)', [ids])).rows;
  console.log(`\n${n} applications in ${companies.length} companies, ${TALENTS} talents; ${Math.round((performance.now() - started) / 1000)} s`);
  for (const c of companies) {
    console.log(`  ${c.name} (company ${c.companyId}) login ${c.login} / ${PASSWORD}: ${c.plans.map((p) => `plan ${p.planId} (${p.posts} posts, ${p.applications})`).join(', ')}`);
  }
} catch (error) {
  await q('rollback').catch(() => {});
  throw error;
} finally {
  await client.end();
}
