import { applyRecruitment, identityCheckChar, saveWorkflow } from '@zhaokao/contracts';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan, talent } from '../db/tables.js';
import type { DemoAccounts, TestApp } from './app.js';

const DAY = 86_400_000;

/** A valid identity number (GB 11643) for a birth date and a 3-digit sequence (odd: man, even: woman). */
export function identityNo(birth: string, seq: number, region = '110105'): string {
  const first17 = `${region}${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return first17 + identityCheckChar(first17);
}

/** A complete resume as a candidate site would send it. */
export function resume(overrides: Record<string, unknown> = {}) {
  return {
    realName: '周晓明',
    oldRealName: '',
    sex: '1',
    nation: '汉族',
    nationality: '中国',
    politicalOutlook: '共青团员',
    joinPartyDate: '',
    marriageHistory: '未婚',
    candidateType: '应届毕业生',
    bodyStatus: '健康',
    positionStatus: '4',
    contractExpireDate: '',
    certificateImage: '',
    hometown: '北京市',
    registeredResidenceAddress: '北京市朝阳区建国路 88 号',
    nowAddress: '北京市朝阳区建国路 88 号',
    habitation: '北京市朝阳区',
    familyAddress: '北京市朝阳区建国路 88 号',
    postalAddress: '北京市朝阳区建国路 88 号',
    documentType: '居民身份证',
    identityNo: identityNo('2001-03-15', 123),
    identityType: '居民身份证',
    identityDate: '2031-03-15',
    workYears: 0,
    joinWorkDate: '',
    phone: '13912345678',
    email: 'zhouxm@example.cn',
    otherContactInformation: '',
    archivesStatus: 1,
    archivesAddress: '北京市朝阳区人才服务中心',
    drivingLicenseCategory: '',
    drivingLicenseType: 'C1',
    totalDrivingMileage: '',
    drivingLevel: '',
    computerLevel: '全国计算机等级考试二级',
    technicalTitle: '',
    firstForeignLanguage: '英语',
    firstForeignLanguageLevel: '大学英语六级',
    secondForeignLanguage: '',
    secondForeignLanguageLevel: '',
    education: '本科',
    graduateSchool: '中国人民大学',
    nowPosition: '',
    position: '',
    strongPoint: '文字写作',
    personalEvaluation: '认真负责。',
    remarks: '',
    educationList: [
      { startTime: '2019-09', endTime: '2023-06', schoolName: '中国人民大学', education: '本科', specialty: '人力资源管理', learningStyle: '全日制' },
    ],
    familyList: [{ name: '周建国', politicalOutlook: '中共党员', position: '退休', birthday: '1970-05' }],
    workList: [{ startTime: '2023-07', endTime: '', companyName: '北京某人力资源公司', jobPosition: '招聘专员' }],
    enclosureList: [],
    certificateList: [{ image: '', skillName: '人力资源管理', skillLevel: '三级', name: '企业人力资源管理师', certificationDate: '2024-05-20' }],
    rewardList: [{ name: '优秀毕业生', agencies: '中国人民大学', rewardReasons: '成绩优异', rewardDate: '2023-06-20' }],
    ...overrides,
  };
}

/** A plan (published, sign-up open now unless told) with posts, inserted directly. */
export async function insertPlan(
  db: Db,
  companyId: number,
  options: { name?: string; status?: 'draft' | 'published' | 'closed'; startDays?: number; endDays?: number; posts?: string[] } = {},
) {
  const now = Date.now();
  const start = new Date(now + (options.startDays ?? -1) * DAY);
  const end = new Date(now + (options.endDays ?? 1) * DAY);
  const [plan] = await db
    .insert(recruitmentPlan)
    .values({
      companyId,
      name: options.name ?? '测试招录计划',
      signUpStartDate: start,
      signUpEndDate: end,
      writtenStartDate: new Date(Math.max(end.getTime(), now) + 10 * DAY),
      auditionStartDate: new Date(Math.max(end.getTime(), now) + 20 * DAY),
      status: options.status ?? 'published',
    })
    .returning();
  const posts = await db
    .insert(recruitmentInfo)
    .values((options.posts ?? ['岗位甲', '岗位乙']).map((jobVacancy) => ({ companyId, planId: plan!.id, jobVacancy, places: 2 })))
    .returning();
  return { plan: plan!, posts };
}

/** A person and their application to a post, inserted directly (no resume). */
export async function insertApplication(
  db: Db,
  application: { companyId: number; planId: number; recruitmentId: number; realName: string },
  person: { identityNo?: string; sex?: string; birthday?: string; phone?: string } = {},
) {
  const details = { identityNo: '11010519491231002X', sex: '1', birthday: '1995-01-01', phone: '13800138000', ...person };
  const [added] = await db.insert(talent).values({ realName: application.realName, ...details }).returning();
  const [row] = await db
    .insert(candidateApplication)
    .values({ ...application, talentId: added!.id, identityNo: details.identityNo, phone: details.phone })
    .returning();
  return row!;
}

/** Signs up through the public call with a complete resume of `person`'s fields; answers the application's id. */
export async function applyWith(t: TestApp, recruitmentId: number, person: Record<string, unknown>) {
  const res = await t.call(applyRecruitment, { recruitmentId, talentInfo: resume(person) });
  expect(res.code, res.msg).toBe(200);
  return res.data.applicationId;
}

/** Saves the plan's sign-up review in two levels, 初审 by shenhe then 复审 by admin; answers the save's answer. */
export const saveTwoLevelReview = (t: TestApp & DemoAccounts, planId: number) =>
  t.call(
    saveWorkflow,
    {
      planId,
      stage: 1,
      items: [
        { workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '复审', kind: 'verify', assigneeId: t.adminId },
      ],
    },
    { token: t.admin },
  );
