import { identityCheckChar } from '@zhaokao/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/sql.js';
import { company, recruitmentInfo, recruitmentPlan, staffUser, sysOrg } from '../db/tables.js';
import type { EducationEntry, FamilyEntry, WorkEntry } from '../features/talent/tables.js';
import {
  type PlantedApplicant, demoRejectionRemarks, insertSignUpWorkflow, plantedDuplicates,
  rejectedInSecondReview, signUpMoveBy, signUpTasks,
} from './demo-review.js';
/** The two demo companies' regions, plans and posts, and the schools, employers and jobs of their candidates. */
import DEMO_PROFILES from './demo-profiles.json' with { type: 'json' };

/** mulberry32: a small seeded PRNG, so every first start seeds the same people. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN_MALE = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩', '鹏', '宇', '俊', '斌', '凯', '健', '翔', '博', '文', '志', '建', '国', '海', '晨', '航', '子豪', '宇轩', '浩然', '俊杰', '子涵', '明轩', '文博', '志强', '建华', '海波', '一鸣', '思远', '天佑', '泽宇'];
const GIVEN_FEMALE = ['芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '婷', '雪', '琳', '颖', '倩', '洁', '慧', '欣', '怡', '佳', '璐', '萌', '晓雯', '雨欣', '梓涵', '思琪', '欣怡', '佳怡', '诗涵', '婉清', '紫萱', '雅婷', '文静', '丽娟', '晓燕', '海燕', '春梅', '秀英', '梦瑶', '可馨', '若曦', '语桐'];
const NATIONS = ['汉族', '汉族', '汉族', '汉族', '汉族', '汉族', '汉族', '土家族', '苗族', '侗族', '瑶族', '回族', '壮族', '满族'];
const POLITICAL = ['中共党员', '中共党员', '共青团员', '共青团员', '群众', '群众', '中共预备党员'];

interface Region {
  code: string;
  name: string;
}

interface Profile {
  /** How many candidates apply to the demo plan. */
  candidates: number;
  /** Among them, people who applied twice (应聘查重). */
  planted: PlantedApplicant[];
  regions: Region[];
  plan: { name: string; writtenExamAddress: string; auditionExamAddress: string; registrationFee: number; remark: string };
  posts: {
    jobVacancy: string;
    department: string;
    places: number;
    salary: string;
    education: string;
    workExperience: string;
    fixedAddress: string;
    jobDescription: string;
    skillsRequired: string;
    specialties: string[];
  }[];
  schools: string[];
  employers: string[];
  jobs: string[];
}

const HR_PROFILE: Profile = {
  ...DEMO_PROFILES.hr,
  candidates: 300,
  // 长沙市天心区 and 浏阳市: areas no generated person comes from
  planted: plantedDuplicates('430103', '430181', '166', { identity: '欧阳建华', phone: ['司马婉清', '司马晚晴'], nameBirthday: '诸葛明轩' }),
};

const HOSPITAL_PROFILE: Profile = {
  ...DEMO_PROFILES.hospital,
  candidates: 200,
  // 武汉市硚口区 and 汉阳区
  planted: plantedDuplicates('420104', '420105', '1661', { identity: '上官志强', phone: ['东方雨欣', '东方语欣'], nameBirthday: '慕容思远' }),
};

const DAY = 86_400_000;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Many rows in one statement: the rows travel as one JSON parameter and PostgreSQL spreads them
 * with json_populate_recordset — on PGlite several times faster than thousands of bound parameters.
 * `table` and the keys are this file's constants, never input.
 */
async function bulkInsert<R>(db: Db, table: string, rows: Record<string, unknown>[], returning: string): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).map(snake).join(', ');
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [snake(k), v]))));
  return rowsOf<R>(
    db,
    sql`insert into ${sql.raw(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json) returning ${sql.raw(returning)}`,
  );
}
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const ym = (year: number, month: number) => `${year}-${pad(month)}`;

/**
 * The path of an application to `status` (a sign-up status or 20), from sign-up (null → 10) on, as DESIGN §5's
 * table implies, through the two sign-up work items (初审 10 → 11, 复审 11 → 20); a rejection by 复审 comes after
 * 11. Only 12 may return to 10, which the demo leaves out.
 */
function pathTo(status: number, rejectedInSecond = false): number[] {
  if (status === 10) return [10];
  if (status <= 13) return rejectedInSecond && status !== 11 ? [10, 11, status] : [10, status];
  return [10, 11, 20];
}

/** The path of the `index`-th demo application to `status`. */
const signUpPathOf = (status: number, index: number) => pathTo(status, rejectedInSecondReview(index));

const REMARKS: Record<number, string> = {
  10: '考生报名',
  11: '资格初审通过，等待复审',
  20: '报名资格审核通过',
};

/**
 * A weighted spread over the sign-up statuses, as in a live plan; 20 (passed) holds the people the exams are run
 * with (demo-exams.ts moves them on through the state machine's own code).
 */
const STATUS_WEIGHTS: [number, number][] = [
  [10, 14], [11, 6], [12, 5], [13, 5], [20, 70],
];

/** The spread of a plan whose sign-up review is over (and its sign-up closed): nobody left at 10 or 11. */
const REVIEWED_WEIGHTS = STATUS_WEIGHTS.filter(([status]) => status !== 10 && status !== 11);

function statusFor(index: number, total: number, weights = STATUS_WEIGHTS): number {
  // deterministic and proportional: walk the cumulative weights
  const sum = weights.reduce((all, [, w]) => all + w, 0);
  const at = ((index + 0.5) / total) * sum;
  let acc = 0;
  for (const [status, weight] of weights) {
    acc += weight;
    if (at < acc) return status;
  }
  return 20;
}

/** A generated person; `planted` fixes who they are (name, sex, birth date, identity number, phone). */
function makePerson(rng: Rng, profile: Profile, used: Set<string>, today: Date, post: Profile['posts'][number], planted?: PlantedApplicant) {
  const female = planted ? planted.female : rng.next() < (post.jobVacancy.includes('护士') ? 0.85 : 0.5);
  const realName = planted ? planted.realName : rng.pick([...SURNAMES]) + rng.pick(female ? GIVEN_FEMALE : GIVEN_MALE);
  const surname = planted ? realName.slice(0, 2) : realName[0]!;
  const region = rng.pick(profile.regions);
  const age = planted ? today.getUTCFullYear() - Number(planted.birthday.slice(0, 4)) : rng.int(21, 38);
  const birth = planted ? new Date(`${planted.birthday}T00:00:00Z`) : new Date(Date.UTC(today.getUTCFullYear() - age, rng.int(0, 11), rng.int(1, 28)));
  let identityNo = planted?.identityNo ?? '';
  let phone = planted?.phone ?? '';
  if (!planted) {
    do {
      // sequence: odd for men, even for women (GB 11643)
      const seq = rng.int(0, 499) * 2 + (female ? 0 : 1);
      const first17 = `${region.code}${ymd(birth).replaceAll('-', '')}${pad(seq, 3)}`;
      identityNo = first17 + identityCheckChar(first17);
    } while (used.has(identityNo));
    used.add(identityNo);
    do phone = `1${rng.pick(['3', '5', '7', '8', '9'])}${pad(rng.int(0, 999_999_999), 9)}`;
    while (used.has(phone));
    used.add(phone);
  }

  const postGraduate = post.education.startsWith('硕士');
  const college = post.education.startsWith('大专') && rng.next() < 0.4;
  const gradYear = birth.getUTCFullYear() + (college ? 21 : 22);
  const school = rng.pick(profile.schools);
  const specialty = rng.pick(post.specialties);
  const educationList: EducationEntry[] = [
    {
      startTime: ym(gradYear - (college ? 3 : 4), 9),
      endTime: ym(gradYear, 6),
      schoolName: school,
      education: college ? '大专' : '本科',
      specialty,
      learningStyle: '全日制',
    },
  ];
  let education = college ? '大专' : '本科';
  let graduateSchool = school;
  let lastYear = gradYear;
  if (postGraduate || rng.next() < 0.15) {
    graduateSchool = rng.pick(profile.schools);
    lastYear = gradYear + 3;
    educationList.push({
      startTime: ym(gradYear, 9),
      endTime: ym(lastYear, 6),
      schoolName: graduateSchool,
      education: '硕士研究生',
      specialty,
      learningStyle: '全日制',
    });
    education = '硕士研究生';
  }
  const workList: WorkEntry[] = [];
  let year = lastYear;
  const now = today.getUTCFullYear();
  while (year < now - 1 && workList.length < 3) {
    const end = Math.min(now, year + rng.int(1, 4));
    workList.push({
      startTime: ym(year, rng.int(7, 9)),
      endTime: end >= now ? '' : ym(end, rng.int(1, 6)),
      companyName: rng.pick(profile.employers),
      jobPosition: rng.pick(profile.jobs),
    });
    year = end;
  }
  const working = workList.length > 0 && workList[workList.length - 1]!.endTime === '';
  const parentYear = birth.getUTCFullYear() - rng.int(24, 32);
  const familyList: FamilyEntry[] = [
    { name: surname + rng.pick(GIVEN_MALE), politicalOutlook: rng.pick(POLITICAL), position: '退休', birthday: ym(parentYear, rng.int(1, 12)) },
    { name: rng.pick([...SURNAMES]) + rng.pick(GIVEN_FEMALE), politicalOutlook: '群众', position: '务农', birthday: ym(parentYear + 2, rng.int(1, 12)) },
  ];
  const political = rng.pick(POLITICAL);
  const address = `${region.name}${rng.pick(['人民路', '建设路', '解放路', '中山路', '新华路', '文化路'])}${rng.int(1, 300)}号`;
  return {
    realName,
    sex: female ? '2' : '1',
    nation: rng.pick(NATIONS),
    birthday: ymd(birth),
    politicalOutlook: political,
    joinPartyDate: political === '中共党员' ? `${birth.getUTCFullYear() + 20}-${pad(rng.int(1, 12))}-01` : null,
    marriageHistory: age > 28 ? rng.pick(['已婚', '已婚', '未婚']) : '未婚',
    candidateType: workList.length === 0 ? '应届毕业生' : '社会人员',
    bodyStatus: '健康',
    positionStatus: working ? '1' : workList.length === 0 ? '4' : '3',
    hometown: region.name.slice(0, 3),
    registeredResidenceAddress: address,
    nowAddress: address,
    habitation: region.name,
    familyAddress: address,
    postalAddress: address,
    identityNo,
    identityType: '居民身份证',
    workYears: Math.max(0, now - lastYear - 1),
    joinWorkDate: workList[0] ? `${workList[0].startTime}-01` : null,
    phone,
    email: `${phone}@163.com`,
    archivesStatus: rng.next() < 0.8 ? 1 : 0,
    archivesAddress: `${region.name.slice(0, 3)}人才交流服务中心`,
    computerLevel: rng.pick(['全国计算机等级考试二级', '全国计算机等级考试一级', '熟练使用办公软件']),
    technicalTitle: workList.length > 1 ? rng.pick(['初级', '中级']) : '',
    firstForeignLanguage: '英语',
    firstForeignLanguageLevel: rng.pick(['大学英语四级', '大学英语六级', '大学英语四级']),
    education,
    graduateSchool,
    nowPosition: working ? workList[workList.length - 1]!.jobPosition : '',
    position: working ? workList[workList.length - 1]!.companyName : '',
    strongPoint: rng.pick(['文字写作', '数据分析', '沟通协调', '组织策划', '英语口语', '摄影']),
    personalEvaluation: rng.pick([
      '工作认真负责，学习能力强，具有良好的团队合作精神。',
      '性格开朗，善于沟通，能吃苦耐劳，执行力强。',
      '专业基础扎实，做事细致踏实，有较强的责任心。',
    ]),
    educationList,
    familyList,
    workList,
    certificateList:
      rng.next() < 0.6
        ? [{ image: '', skillName: specialty, skillLevel: rng.pick(['初级', '中级']), name: `${specialty}相关职业资格证书`, certificationDate: `${lastYear}-${pad(rng.int(1, 12))}-15` }]
        : [],
    rewardList:
      rng.next() < 0.3 ? [{ name: rng.pick(['优秀毕业生', '三好学生', '优秀员工']), agencies: graduateSchool, rewardReasons: '表现突出', rewardDate: `${lastYear}-06-20` }] : [],
  };
}

/** Which demo plan to insert: its name, its dates (days from today) and how many people apply. */
export interface DemoPlanVariant {
  name?: string;
  days: { signUpStart: number; signUpEnd: number; written: number; interview: number };
  candidates?: number;
  /** Every applicant has passed the sign-up review (status 20), none planted twice. */
  allPassed?: boolean;
  /** The sign-up review is over: every applicant passed or was rejected (none at 10 or 11), so that sign-up can be closed. */
  reviewDone?: boolean;
  seed: number;
}

/**
 * A demo plan of a demo company, with its posts, candidates and applications (issue 3) and its sign-up review
 * (issue 8). Deterministic; bulk inserts. Answers the plan's id.
 */
export async function seedDemoPlan(db: Db, companyId: number, variant: DemoPlanVariant): Promise<number> {
  const [comp] = await db.select({ industry: company.industry }).from(company).where(eq(company.id, companyId));
  const profile = comp?.industry === 'healthcare' ? HOSPITAL_PROFILE : HR_PROFILE;
  const rng = prng(variant.seed);
  const candidates = variant.candidates ?? profile.candidates;
  const [actor] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.companyId, companyId)).orderBy(asc(staffUser.id)).limit(1);
  const departments = await db.select({ id: sysOrg.id, name: sysOrg.name }).from(sysOrg).where(eq(sysOrg.companyId, companyId));

  // Dates follow the day of the first start: sign-up open now, the exams after it.
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const at = (days: number, hour = 0) => new Date(today.getTime() + days * DAY + (hour - 8) * 3_600_000);
  const signUpStart = at(variant.days.signUpStart, 9);

  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(recruitmentPlan)
      .values({
        companyId,
        name: variant.name ?? profile.plan.name,
        signUpStartDate: signUpStart,
        signUpEndDate: at(variant.days.signUpEnd, 17),
        writtenStartDate: at(variant.days.written, 9),
        writtenExamAddress: profile.plan.writtenExamAddress,
        auditionStartDate: at(variant.days.interview, 9),
        auditionExamAddress: profile.plan.auditionExamAddress,
        writtenFullMarks: '100.00',
        auditionFullMarks: '100.00',
        compositeWeight: '0.500',
        interviewEntryRatio: 3,
        registrationFee: profile.plan.registrationFee,
        status: 'published',
        remark: profile.plan.remark,
      })
      .returning({ id: recruitmentPlan.id });
    const planId = plan!.id;
    const posts = await tx
      .insert(recruitmentInfo)
      .values(
        profile.posts.map(({ jobVacancy, places, salary, education, workExperience, fixedAddress, jobDescription, skillsRequired, department }) => ({
          companyId,
          planId,
          departmentId: departments.find((d) => d.name === department)?.id ?? null,
          jobVacancy,
          places,
          salary,
          education,
          workExperience,
          fixedAddress,
          jobDescription,
          skillsRequired,
          candidateRemark: '请如实填写报名信息，资格审查贯穿招聘全过程，凡弄虚作假者一经查实即取消资格。',
          applicationPlace: '网上报名',
        })),
      )
      .returning({ id: recruitmentInfo.id });
    const reviewers = await insertSignUpWorkflow(tx, companyId, planId);

    const used = new Set<string>();
    const people = Array.from({ length: candidates }, (_, i) => {
      const postIndex = rng.int(0, posts.length - 1);
      const status = variant.allPassed ? 20 : statusFor(i, candidates, variant.reviewDone ? REVIEWED_WEIGHTS : STATUS_WEIGHTS);
      return { postIndex, status, person: makePerson(rng, profile, used, today, profile.posts[postIndex]!) };
    });
    // the people who applied twice take the place of generated ones (post and status kept), with their own
    // random stream so that everyone else stays as generated
    const plantedRng = prng(4711);
    for (const planted of variant.allPassed ? [] : profile.planted) {
      const p = people[planted.index]!;
      p.person = makePerson(plantedRng, profile, new Set(), today, profile.posts[p.postIndex]!, planted);
    }
    // returned in the order given (one INSERT ... SELECT); matched by identity number all the same
    const talentRows = await bulkInsert<{ id: number; identityNo: string }>(
      tx,
      'talent',
      // about half of them let other companies find them in 全部人才库
      people.map((p) => ({ ...p.person, searchable: p.person.identityNo.charCodeAt(16) % 2 === 0 })),
      'id, identity_no as "identityNo"',
    );
    const talentIdOf = new Map(talentRows.map((r) => [r.identityNo, r.id]));
    // applications arrive while sign-up is open: until now, or until its end for a plan of the past
    const signUpSpan = Math.min(now.getTime(), at(variant.days.signUpEnd, 17).getTime()) - signUpStart.getTime();
    const applications = people.map((p, i) => {
      const createdAt = new Date(signUpStart.getTime() + Math.floor(((i + rng.next()) / people.length) * signUpSpan * 0.9));
      const steps = signUpPathOf(p.status, i);
      return {
        companyId,
        planId,
        recruitmentId: posts[p.postIndex]!.id,
        talentId: talentIdOf.get(p.person.identityNo)!,
        status: p.status,
        realName: p.person.realName,
        identityNo: p.person.identityNo,
        phone: p.person.phone,
        createdAt,
        // the last change is the last history row, an hour per step
        updatedAt: new Date(createdAt.getTime() + (steps.length - 1) * 3_600_000),
      };
    });
    const inserted = await bulkInsert<{ id: number; talentId: number }>(
      tx,
      'candidate_application',
      applications,
      'id, talent_id as "talentId"',
    );
    const idByTalent = new Map(inserted.map((r) => [r.talentId, r.id]));
    await bulkInsert(
      tx,
      'application_resume',
      people.map((p, i) => ({
        companyId,
        applicationId: idByTalent.get(talentIdOf.get(p.person.identityNo)!)!,
        ...p.person,
        createdAt: applications[i]!.createdAt,
      })),
      'application_id',
    );
    const history = [];
    const tasks = [];
    for (const [i, a] of applications.entries()) {
      const steps = signUpPathOf(a.status, i);
      const applicationId = idByTalent.get(a.talentId)!;
      // an hour apart: the demo happens "now", whatever the exam dates say
      const stepAt = (k: number) => new Date(a.createdAt.getTime() + k * 3_600_000);
      const remarksOf = (k: number) => (steps[k] === 12 || steps[k] === 13 ? demoRejectionRemarks(i) : (REMARKS[steps[k]!] ?? ''));
      for (const [k, to] of steps.entries()) {
        history.push({
          companyId,
          applicationId,
          fromStatus: k === 0 ? null : steps[k - 1]!,
          toStatus: to,
          // sign-up decisions by the work item's assignee, the later moves by the administrator
          actorId: k === 0 ? null : (signUpMoveBy(steps, k, reviewers) ?? actor?.id ?? null),
          remarks: remarksOf(k),
          createdAt: stepAt(k),
        });
      }
      tasks.push(...signUpTasks({ companyId, id: applicationId }, steps, reviewers, stepAt, remarksOf));
    }
    await bulkInsert(tx, 'application_history', history, 'id');
    await bulkInsert(tx, 'application_task', tasks, 'id');
    return planId;
  });
}

