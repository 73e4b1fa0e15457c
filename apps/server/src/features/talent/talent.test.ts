// runs on PostgreSQL too: unlocks and orders of one talent at once
import * as contracts from '@zhaokao/contracts';
import {
  MASKED_CONTACT, RESUME_PRICE_CENTS, TALENT_COUNT_CAP, TALENT_MESSAGES, TALENT_TEMPLATE_FIXED_FIELDS,
  applyRecruitment, batchSaveClassify, blacklistList, candidateDetail, companyBuyUserTalent,
  companyFreeBuyTalent, companyTalentList, deleteTalentClassify, getByTalentOrder, getTalentClassify,
  getTalentInfo, platformTalentList, removeBlacklist, resubmitApplication, saveBlacklist, saveTalentClassify,
  saveTalentLabel, saveTalentTemplate, talentClassifyTree, talentLabelList, unlockTalentByQuota, walletPay,
} from '@zhaokao/contracts';
import { PDFiumLibrary } from '@hyzyla/pdfium';
import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  candidateApplication, companyRight, companyWallet, talentClassify, talentCompanyBlack,
  talentCompanyClassify, talentLabelLink, talentUnlock,
} from '../../db/tables.js';
import { TALENT_FIELDS } from '../../seed/talent-fields.js';
import { atOnce, expectError, staffWith, useTestApp } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { talent } from './tables.js';

const t = useTestApp();

/** A talent of the platform who lets companies find them, with three jobs (the latest at 星河科技). */
const platformResume = (n: number) =>
  resume({
    realName: `平台人才${n}`,
    identityNo: identityNo('1990-06-0' + n, 200 + n),
    phone: `1366666000${n}`,
    email: `secret${n}@mail.example.cn`,
    otherContactInformation: `微信 wx-secret-${n}`,
    position: `星河科技${n}号公司`,
    nowPosition: '研发经理',
    education: '硕士研究生',
    graduateSchool: '湖南大学',
    workYears: 8,
    educationList: [
      { startTime: '2008-09', endTime: '2012-06', schoolName: '湘潭大学', education: '本科', specialty: '软件工程', learningStyle: '全日制' },
      { startTime: '2012-09', endTime: '2015-06', schoolName: '湖南大学', education: '硕士研究生', specialty: '软件工程', learningStyle: '全日制' },
    ],
    workList: [
      { startTime: '2015-07', endTime: '2018-06', companyName: '长江数据公司', jobPosition: '工程师' },
      { startTime: '2021-04', endTime: '', companyName: `星河科技${n}号公司`, jobPosition: '研发经理' },
      { startTime: '2018-07', endTime: '2021-03', companyName: '洞庭软件公司', jobPosition: '高级工程师' },
    ],
  });

type Resume = ReturnType<typeof resume>;
let plan1: Awaited<ReturnType<typeof insertPlan>>;
let plan1b: Awaited<ReturnType<typeof insertPlan>>;
let plan2: Awaited<ReturnType<typeof insertPlan>>;
/** Applied to company 1 (its own applicant). */
let applicantId: number;
let applicationId: number;
const applicant = resume({ realName: '应聘者甲', identityNo: identityNo('1998-02-03', 11), phone: '13700000011', email: 'jia@mail.example.cn' });
/** Applied to company 2 only, not searchable: company 1 may not see them at all. */
let company2OnlyId: number;
/** Searchable, applied nowhere. */
let platformIds: number[] = [];
const platformResumes = [1, 2, 3, 4].map(platformResume);

/** The secrets of a resume that a company must not see before unlocking it. */
const secretsOf = (r: Resume) => [r.phone, r.email, r.identityNo, r.otherContactInformation, r.nowAddress, `星河科技`];

/** Fails when `answer` (any JSON, or text) holds one of `secrets`. */
function expectNoSecret(answer: unknown, secrets: string[]) {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  for (const secret of secrets) expect(text, `leaks ${secret}`).not.toContain(secret);
}

async function apply(recruitmentId: number, talentInfo: Resume) {
  return t.call(applyRecruitment, { recruitmentId, talentInfo } as never);
}

/** Every page's text, as PDFium reads it. */
async function pdfText(body: Buffer) {
  const library = await PDFiumLibrary.init();
  try {
    const document = await library.loadDocument(body);
    const text = [...document.pages()].map((page) => page.getText()).join('\n');
    document.destroy();
    return text;
  } finally {
    library.destroy();
  }
}

async function xlsxText(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  return cells.join('\n');
}

beforeAll(async () => {
  plan1 = await insertPlan(t.db, t.company1, { name: '人才库测试计划', posts: ['岗位甲', '岗位乙'] });
  plan1b = await insertPlan(t.db, t.company1, { name: '人才库测试计划二', posts: ['岗位丙'] });
  plan2 = await insertPlan(t.db, t.company2, { name: '医院计划', posts: ['护士'] });
  const applied = await apply(plan1.posts[0]!.id, applicant);
  expect(applied.code).toBe(200);
  applicantId = applied.data.talentId;
  applicationId = applied.data.applicationId;
  const other = await apply(plan2.posts[0]!.id, resume({ realName: '医院应聘者', identityNo: identityNo('1997-05-06', 21), phone: '13700000021' }));
  expect(other.code).toBe(200);
  company2OnlyId = other.data.talentId;
  const rows = await t.db
    .insert(talent)
    .values(platformResumes.map((r) => ({ ...r, birthday: `1990-06-0${r.realName.slice(-1)}`, joinPartyDate: null, contractExpireDate: null, joinWorkDate: null, identityDate: null, searchable: true })))
    .returning({ id: talent.id });
  platformIds = rows.map((r) => r.id);
});

describe('a talent the company has not unlocked is masked by every call', () => {
  it('全部人才库 masks phone and e-mail in the list and finds nothing by the latest employer', async () => {
    const list = await t.call(platformTalentList, { keyword: '平台人才1' }, { token: t.admin });
    expect(list.code).toBe(200);
    expect(list.data.list).toHaveLength(1);
    const [row] = list.data.list;
    expect(row).toMatchObject({ id: platformIds[0], buyStatus: 0, phone: '136****0001', email: 's****@mail.example.cn', education: '硕士研究生', major: '软件工程' });
    expectNoSecret(list.data, secretsOf(platformResumes[0]!));
    // the latest job is not searchable before unlocking; an earlier one is
    expect((await t.call(platformTalentList, { keyword: '星河科技1号' }, { token: t.admin })).data.total).toBe(0);
    expect((await t.call(platformTalentList, { keyword: '洞庭软件' }, { token: t.admin })).data.total).toBe(4);
    // one character is a surname: the names that begin with it, not every resume holding it
    expect((await t.call(platformTalentList, { keyword: '平' }, { token: t.admin })).data.total).toBe(4);
    expect((await t.call(platformTalentList, { keyword: '台' }, { token: t.admin })).data.total).toBe(0);
    // filters together: school (any education entry), major, education, sex, age and work years
    const filtered = await t.call(
      platformTalentList,
      { keyword: '平台', school: '湘潭', major: '软件', education: '硕士研究生', sex: '1', ageMin: 30, ageMax: 40, workYearsMin: 8, workYearsMax: 8 },
      { token: t.admin },
    );
    expect(filtered.data.total).toBe(4);
    expect((await t.call(platformTalentList, { keyword: '平台', sex: '2' }, { token: t.admin })).data.total).toBe(0);
    expect((await t.call(platformTalentList, { keyword: '平台', ageMax: 30 }, { token: t.admin })).data.total).toBe(0);
  });

  it('the resume view masks contact data and drops the latest work entry (and the current post)', async () => {
    const info = await t.call(getTalentInfo, { id: platformIds[0]! }, { token: t.admin });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ buyStatus: 0, ownApplicant: false, quotaLeft: 0, priceY: '10.00' });
    expectNoSecret(info.data, secretsOf(platformResumes[0]!));
    const fields = Object.fromEntries(info.data.resume.sections.flatMap((s) => s.fields).map((f) => [f.code, f.value]));
    expect(fields).toMatchObject({ phone: '136****0001', email: 's****@mail.example.cn', otherContactInformation: MASKED_CONTACT, position: '', nowPosition: '' });
    const work = info.data.resume.sections.flatMap((s) => s.lists).find((l) => l.code === 'workList')!;
    expect(work.rows.map((r) => r.companyName)).toEqual(['长江数据公司', '洞庭软件公司']);
  });

  it('the export, the PDF and the blacklist hold no secret either', async () => {
    const exported = await t.get('/api/talent/talent/export?keyword=%E5%B9%B3%E5%8F%B0%E4%BA%BA%E6%89%8D', t.admin);
    expect(exported.statusCode).toBe(200);
    const text = await xlsxText(exported.rawPayload);
    expect(text).toContain('平台人才1');
    for (const r of platformResumes) expectNoSecret(text, secretsOf(r));

    const pdf = await t.get(`/api/admin/talent/resumePdf/${platformIds[0]}`, t.admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = await pdfText(pdf.rawPayload);
    expect(printed).toContain('平台人才1');
    expect(printed).toContain('长江数据公司');
    expectNoSecret(printed, secretsOf(platformResumes[0]!));

    expect((await t.call(saveBlacklist, { talentId: platformIds[3]!, reason: '简历造假' }, { token: t.admin })).code).toBe(200);
    const black = await t.call(blacklistList, {}, { token: t.admin });
    expect(black.data.list.find((r) => r.talentId === platformIds[3])).toMatchObject({ phone: '136****0004', reason: '简历造假' });
    expectNoSecret(black.data, secretsOf(platformResumes[3]!));
    expect((await t.call(removeBlacklist, { id: platformIds[3]! }, { token: t.admin })).code).toBe(200);
  });

  it('a talent who is neither searchable nor an applicant of the company answers 404 everywhere', async () => {
    for (const call of [
      () => t.call(getTalentInfo, { id: company2OnlyId }, { token: t.admin }),
      () => t.call(companyFreeBuyTalent, { id: company2OnlyId }, { token: t.admin }),
      () => t.call(unlockTalentByQuota, { id: company2OnlyId }, { token: t.admin }),
      () => t.call(companyBuyUserTalent, { id: company2OnlyId }, { token: t.admin }),
      () => t.call(saveBlacklist, { talentId: company2OnlyId, reason: '试探' }, { token: t.admin }),
      () => t.call(getTalentInfo, { id: 999_999 }, { token: t.admin }),
    ]) {
      expectError(await call(), 404, TALENT_MESSAGES.missing);
    }
    const pdf = await t.get(`/api/admin/talent/resumePdf/${company2OnlyId}`, t.admin);
    expectError(pdf, 404, TALENT_MESSAGES.missing);
    expect((await t.call(platformTalentList, { keyword: '医院应聘者' }, { token: t.admin })).data.total).toBe(0);
  });

  it('the company’s own applicant is shown in full, in the pool, the resume and the application detail', async () => {
    const pool = await t.call(companyTalentList, {}, { token: t.admin });
    expect(pool.data.list).toEqual([expect.objectContaining({ id: applicantId, buyStatus: 1, phone: applicant.phone, email: applicant.email, applicationCount: 1 })]);
    const info = await t.call(getTalentInfo, { id: applicantId }, { token: t.admin });
    expect(info.data).toMatchObject({ buyStatus: 1, ownApplicant: true });
    expect(JSON.stringify(info.data)).toContain(applicant.phone);
    expect(info.data.applications).toEqual([expect.objectContaining({ id: applicationId, planName: '人才库测试计划', jobVacancy: '岗位甲' })]);
    const detail = await t.call(candidateDetail, { id: applicationId }, { token: t.admin });
    expect(JSON.stringify(detail.data)).toContain(applicant.phone);
    // free unlocking is for own applicants only
    expect((await t.call(companyFreeBuyTalent, { id: applicantId }, { token: t.admin })).data).toEqual({ buyStatus: 1 });
    expectError(await t.call(companyFreeBuyTalent, { id: platformIds[0]! }, { token: t.admin }), 409, TALENT_MESSAGES.notApplicant);
    // another company does not see company 1's applicant, nor its application
    expectError(await t.call(getTalentInfo, { id: applicantId }, { token: t.hospital }), 404, TALENT_MESSAGES.missing);
    expect((await t.call(companyTalentList, {}, { token: t.hospital })).data.list.map((r) => r.id)).toEqual([company2OnlyId]);
  });
});

describe('a locked talent’s identity number cannot be rebuilt from what is shown', () => {
  const birthday = '1996-07-25';
  const number = identityNo(birthday, 152, '430602');
  /** Digits 7–14 of the number: the birthday; each way a date could be written. */
  const hidden = [number.slice(6, 14), birthday, '1996/07/25', '1996年7月25日', '1996年07月25日', '07-25', number];
  const shownEnds = `430602********${number.slice(-4)}`;
  const person = resume({ realName: '锁定人才', identityNo: number, phone: '13677770152', email: 'locked152@mail.example.cn', nowPosition: '', position: '' });
  let lockedId: number;
  const now = new Date();
  const age = String(now.getFullYear() - 1996 - (now.getMonth() + 1 < 7 || (now.getMonth() + 1 === 7 && now.getDate() < 25) ? 1 : 0));

  /** The talent contracts this walk calls, and those that answer nothing of a talent's resume (ids, counts, settings). */
  const WALKED = [
    'platformTalentList', 'exportPlatformTalentList', 'companyTalentList', 'exportCompanyTalentList', 'getTalentInfo', 'talentResumePdf',
    'companyBuyUserTalent', 'getByTalentOrder', 'saveBlacklist', 'blacklistList',
  ];
  const NO_RESUME_DATA = [
    'talentFieldList', 'talentTemplateList', 'talentTemplateExpand', 'saveTalentTemplate', 'deleteTalentTemplate', 'talentClassifyTree',
    'talentClassifyAll', 'saveTalentClassify', 'deleteTalentClassify', 'batchSaveClassify', 'saveTalentLabel', 'getTalentClassify',
    'talentLabelList', 'companyFreeBuyTalent', 'unlockTalentByQuota', 'removeBlacklist', 'buyTalentFunction',
  ];

  beforeAll(async () => {
    const [row] = await t.db
      .insert(talent)
      .values({ ...person, birthday, joinPartyDate: null, contractExpireDate: null, joinWorkDate: null, identityDate: null, searchable: true })
      .returning({ id: talent.id });
    lockedId = row!.id;
  });

  it('the walk below covers every talent contract', () => {
    const talentContracts = Object.entries(contracts as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && /talent/i.test(String((v as { path: string }).path)))
      .map(([name]) => name);
    expect(talentContracts.sort()).toEqual([...WALKED, ...NO_RESUME_DATA].sort());
  });

  it('applying with the talent’s own identity number and phone neither links nor unlocks it', async () => {
    expectError(await apply(plan1b.posts[0]!.id, person), 409, TALENT_MESSAGES.applyRefused);
    expect((await t.call(getTalentInfo, { id: lockedId }, { token: t.admin })).data).toMatchObject({ buyStatus: 0, ownApplicant: false });
    expect(await t.db.select().from(talentUnlock).where(eq(talentUnlock.talentId, lockedId))).toEqual([]);
  });

  it('no list, resume, PDF, export, order or blacklist shows its birthday or digits 7–14; its first 6 and last 4 digits and its age are shown', async () => {
    const shown = new Set(['realName', 'identityNo', 'phone', 'sex', 'birthday']);
    const template = await t.call(
      saveTalentTemplate,
      {
        name: '只有出生日期',
        fields: TALENT_FIELDS.map((f) => ({
          fieldCode: f.code,
          showStatus: shown.has(f.code) ? (1 as const) : (0 as const),
          required: TALENT_TEMPLATE_FIXED_FIELDS.includes(f.code),
        })),
      },
      { token: t.admin },
    );
    expect(template.code).toBe(200);
    const texts: [string, string][] = [];
    const json = (name: string, answer: { code: number; data: unknown }) => {
      expect(answer.code, name).toBe(200);
      texts.push([name, JSON.stringify(answer.data)]);
    };
    json('platformTalentList', await t.call(platformTalentList, { keyword: '锁定人才' }, { token: t.admin }));
    json('companyTalentList', await t.call(companyTalentList, {}, { token: t.admin }));
    const views = [];
    for (const templateId of [undefined, template.data.id]) {
      const info = await t.call(getTalentInfo, { id: lockedId, templateId }, { token: t.admin });
      json(`getTalentInfo ${templateId ?? ''}`, info);
      views.push(Object.fromEntries(info.data.resume.sections.flatMap((s) => s.fields).map((f) => [f.code, f.value])));
      const pdf = await t.get(`/api/admin/talent/resumePdf/${lockedId}${templateId ? `?templateId=${templateId}` : ''}`, t.admin);
      expect(pdf.statusCode).toBe(200);
      const printed = await pdfText(pdf.rawPayload);
      expect(printed).toContain(shownEnds);
      expect(printed).toContain(`${age} 岁`);
      texts.push([`talentResumePdf ${templateId ?? ''}`, printed]);
    }
    // the age in the birthday's place; the identity number masked as everywhere else
    for (const view of views) {
      expect(view).toMatchObject({ identityNo: shownEnds, age });
      expect(view).not.toHaveProperty('birthday');
    }
    for (const url of ['/api/talent/talent/export?keyword=%E9%94%81%E5%AE%9A', '/api/talent/talentCompanyClassify/export']) {
      const exported = await t.get(url, t.admin);
      expect(exported.statusCode).toBe(200);
      texts.push([url, await xlsxText(exported.rawPayload)]);
    }
    expect(texts.find(([name]) => name.includes('talent/export'))![1]).toContain('锁定人才');
    json('companyBuyUserTalent', await t.call(companyBuyUserTalent, { id: lockedId }, { token: t.admin }));
    json('getByTalentOrder', await t.call(getByTalentOrder, { id: lockedId }, { token: t.admin }));
    json('saveBlacklist', await t.call(saveBlacklist, { talentId: lockedId, reason: '核实中' }, { token: t.admin }));
    json('blacklistList', await t.call(blacklistList, { keyword: '锁定' }, { token: t.admin }));
    expect((await t.call(removeBlacklist, { id: lockedId }, { token: t.admin })).code).toBe(200);

    for (const [name, text] of texts) {
      for (const secret of hidden) expect(text, `${name} shows ${secret}`).not.toContain(secret);
    }
  });
});

describe('unlocking', () => {
  it('a quota use unlocks one talent, once, never past the quota, even when asked at once', async () => {
    const now = Date.now();
    await t.db.insert(companyRight).values({
      companyId: t.company1,
      functionCode: 'resume_quota',
      validFrom: new Date(now - 1000),
      validUntil: new Date(now + 86_400_000),
      quota: 1,
    });
    expect((await t.call(getTalentInfo, { id: platformIds[1]! }, { token: t.admin })).data.quotaLeft).toBe(1);
    const answers = await atOnce(4, (i) => t.call(unlockTalentByQuota, { id: platformIds[1 + (i % 2)]! }, { token: t.admin }));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const refusals = answers.filter((a) => a.code !== 200).map((a) => a.msg);
    for (const msg of refusals) expect([TALENT_MESSAGES.alreadyUnlocked, TALENT_MESSAGES.noQuota]).toContain(msg);
    const [right] = await t.db.select().from(companyRight).where(and(eq(companyRight.companyId, t.company1), eq(companyRight.functionCode, 'resume_quota')));
    expect(right!.used).toBe(1);
    const unlocks = await t.db.select().from(talentUnlock).where(and(eq(talentUnlock.companyId, t.company1), eq(talentUnlock.source, 'quota')));
    expect(unlocks).toHaveLength(1);
    const unlockedId = unlocks[0]!.talentId;
    const info = await t.call(getTalentInfo, { id: unlockedId }, { token: t.admin });
    expect(info.data.buyStatus).toBe(1);
    const r = platformResumes[platformIds.indexOf(unlockedId)]!;
    expect(JSON.stringify(info.data)).toContain(r.phone);
    expect(info.data.resume.sections.flatMap((s) => s.lists).find((l) => l.code === 'workList')!.rows).toHaveLength(3);
    // unlocked for company 1 only
    expectNoSecret((await t.call(getTalentInfo, { id: unlockedId }, { token: t.hospital })).data, secretsOf(r));
    expectError(await t.call(unlockTalentByQuota, { id: unlockedId }, { token: t.admin }), 409, TALENT_MESSAGES.alreadyUnlocked);
  });

  it('an order of type 9 (one per talent while open) unlocks the talent once paid', async () => {
    const id = platformIds[0]!;
    const orders = await atOnce(3, () => t.call(companyBuyUserTalent, { id }, { token: t.hospital }));
    for (const o of orders) expect(o.code).toBe(200);
    expect(new Set(orders.map((o) => o.data.id)).size).toBe(1);
    const order = orders[0]!.data;
    expect(order).toMatchObject({ type: 9, status: 0, totalAmount: RESUME_PRICE_CENTS, name: '购买简历：平台人才1' });
    expect((await t.call(getByTalentOrder, { id }, { token: t.hospital })).data?.id).toBe(order.id);
    expect((await t.call(getByTalentOrder, { id }, { token: t.admin })).data).toBeNull();
    await t.db
      .insert(companyWallet)
      .values({ companyId: t.company2, totalBalance: 100_000 })
      .onConflictDoUpdate({ target: companyWallet.companyId, set: { totalBalance: sql`${companyWallet.totalBalance} + 100000` } });
    const paid = await t.call(walletPay, { id: order.id }, { token: t.hospital });
    expect(paid.code).toBe(200);
    const info = await t.call(getTalentInfo, { id }, { token: t.hospital });
    expect(info.data.buyStatus).toBe(1);
    expect(JSON.stringify(info.data)).toContain(platformResumes[0]!.phone);
    expect(JSON.stringify(info.data)).toContain('星河科技1号公司');
    expectError(await t.call(companyBuyUserTalent, { id }, { token: t.hospital }), 409, TALENT_MESSAGES.alreadyUnlocked);
    // company 1 still sees the talent masked
    expectNoSecret((await t.call(getTalentInfo, { id }, { token: t.admin })).data, secretsOf(platformResumes[0]!));
  });
});

describe('resume templates', () => {
  it('shows only the fields the template shows; another company’s template answers 404', async () => {
    const shown = new Set(['realName', 'identityNo', 'phone', 'sex', 'workList']);
    const saved = await t.call(
      saveTalentTemplate,
      {
        name: '简版简历',
        fields: TALENT_FIELDS.map((f) => ({
          fieldCode: f.code,
          showStatus: shown.has(f.code) ? (1 as const) : (0 as const),
          required: TALENT_TEMPLATE_FIXED_FIELDS.includes(f.code),
        })),
      },
      { token: t.admin },
    );
    expect(saved.code).toBe(200);
    const info = await t.call(getTalentInfo, { id: applicantId, templateId: saved.data.id }, { token: t.admin });
    const codes = info.data.resume.sections.flatMap((s) => [...s.fields.map((f) => f.code), ...s.lists.map((l) => l.code)]);
    expect(new Set(codes)).toEqual(shown);
    expectError(await t.call(getTalentInfo, { id: applicantId, templateId: saved.data.id }, { token: t.hospital }), 404, TALENT_MESSAGES.missing);
    expectError(await t.call(getTalentInfo, { id: company2OnlyId, templateId: saved.data.id }, { token: t.hospital }), 404, '简历模板不存在');
  });
});

describe('classifications and labels', () => {
  it('files talents under a classification and labels, finds them by both, and refuses deleting one in use', async () => {
    const parent = await t.call(saveTalentClassify, { name: '医疗类', parentId: null }, { token: t.admin });
    const child = await t.call(saveTalentClassify, { name: '护理', parentId: parent.data.id }, { token: t.admin });
    expect(child.code).toBe(200);
    expectError(await t.call(saveTalentClassify, { name: '护理', parentId: parent.data.id }, { token: t.admin }), 409, TALENT_MESSAGES.classifyNameTaken);
    expectError(await t.call(saveTalentClassify, { id: parent.data.id, name: '医疗类', parentId: child.data.id }, { token: t.admin }), 409, TALENT_MESSAGES.classifyCycle);
    expectError(await t.call(saveTalentClassify, { id: parent.data.id, name: '医疗类', parentId: parent.data.id }, { token: t.admin }), 409, TALENT_MESSAGES.classifyCycle);

    expect((await t.call(batchSaveClassify, { talentIds: [applicantId], classifyIds: [child.data.id] }, { token: t.admin })).code).toBe(200);
    expect((await t.call(saveTalentLabel, { talentIds: [applicantId], labels: ['优秀', '待面谈'] }, { token: t.admin })).code).toBe(200);
    // only the company's applicants are filed
    expectError(await t.call(batchSaveClassify, { talentIds: [platformIds[2]!], classifyIds: [child.data.id] }, { token: t.admin }), 404, TALENT_MESSAGES.notInPool);
    expectError(await t.call(saveTalentLabel, { talentIds: [company2OnlyId], labels: ['x'] }, { token: t.admin }), 404, TALENT_MESSAGES.notInPool);

    const tree = await t.call(talentClassifyTree, {}, { token: t.admin });
    expect(tree.data).toEqual([expect.objectContaining({ name: '医疗类', talentCount: 0, children: [expect.objectContaining({ name: '护理', talentCount: 1 })] })]);
    expect((await t.call(getTalentClassify, { id: applicantId }, { token: t.admin })).data).toEqual({ classifyIds: [child.data.id], labels: ['优秀', '待面谈'].sort() });
    const labels = await t.call(talentLabelList, {}, { token: t.admin });
    const good = labels.data.find((l) => l.name === '优秀')!;
    expect(good.talentCount).toBe(1);

    // the parent finds what is filed below it
    for (const filter of [{ classifyId: parent.data.id }, { classifyId: child.data.id }, { labelId: good.id }]) {
      const found = await t.call(companyTalentList, filter, { token: t.admin });
      expect(found.data.list.map((r) => r.id)).toEqual([applicantId]);
      expect(found.data.list[0]).toMatchObject({ classifyNames: ['护理'], labels: ['优秀', '待面谈'].sort() });
    }

    expectError(await t.call(deleteTalentClassify, { id: parent.data.id }, { token: t.admin }), 409, TALENT_MESSAGES.classifyHasChildren);
    expectError(await t.call(deleteTalentClassify, { id: child.data.id }, { token: t.admin }), 409, TALENT_MESSAGES.classifyInUse);
    expect(await t.db.select().from(talentClassify).where(eq(talentClassify.companyId, t.company1))).toHaveLength(2);

    // another company's classification and label are not there for company 2
    expectError(await t.call(deleteTalentClassify, { id: child.data.id }, { token: t.hospital }), 404, TALENT_MESSAGES.classifyMissing);
    expectError(await t.call(saveTalentClassify, { id: child.data.id, name: '改名', parentId: null }, { token: t.hospital }), 404, TALENT_MESSAGES.classifyMissing);
    expectError(await t.call(saveTalentClassify, { name: '子类', parentId: parent.data.id }, { token: t.hospital }), 404, '上级分类不存在');
    expectError(await t.call(batchSaveClassify, { talentIds: [company2OnlyId], classifyIds: [child.data.id] }, { token: t.hospital }), 404, TALENT_MESSAGES.classifyMissing);
    expect((await t.call(companyTalentList, { labelId: good.id }, { token: t.hospital })).data.total).toBe(0);
    expect((await t.call(talentClassifyTree, {}, { token: t.hospital })).data).toEqual([]);

    // taken out of every classification, the classification can go
    expect((await t.call(batchSaveClassify, { talentIds: [applicantId], classifyIds: [] }, { token: t.admin })).code).toBe(200);
    expect((await t.call(deleteTalentClassify, { id: child.data.id }, { token: t.admin })).code).toBe(200);
    expect(await t.db.select().from(talentCompanyClassify).where(eq(talentCompanyClassify.companyId, t.company1))).toEqual([]);
    expect(await t.db.select().from(talentLabelLink).where(eq(talentLabelLink.companyId, t.company1)).orderBy(asc(talentLabelLink.labelId))).toHaveLength(2);
  });

  it('refuses bad input with a Chinese message', async () => {
    expectError(await t.post('/api/talent/talentClassify/save', t.admin, { name: '   ', parentId: null }), 400, '请输入分类名称');
    expectError(await t.post('/api/talent/talentCompanyClassify/saveLabel', t.admin, { talentIds: [applicantId], labels: ['a'.repeat(21)] }), 400, '标签最长 20 个字');
    expectError(await t.post('/api/talent/talentCompanyClassify/batchSaveClassify', t.admin, { talentIds: [], classifyIds: [] }), 400, '请选择人才');
    expectError(await t.post('/api/talent/talent/list', t.admin, { ageMin: -1 }), 400, '最小年龄不能为负');
    expectError(await t.post('/api/talent/talentCompanyBlack/saveUpData', t.admin, { reason: '无' }), 400, '请选择人才');
  });
});

describe('the blacklist', () => {
  it('refuses the blacklisted talent’s resubmission with a neutral message, for that company only', async () => {
    const added = await t.call(saveBlacklist, { applicationId, reason: '面试无故缺席' }, { token: t.admin });
    expect(added.data).toEqual({ talentId: applicantId });
    // sent back for changes (12), then resubmitted: refused while on the list
    await t.db.update(candidateApplication).set({ status: 12 }).where(eq(candidateApplication.id, applicationId));
    const resubmit = () => t.call(resubmitApplication, { applicationId, talentInfo: applicant } as never);
    expectError(await resubmit(), 409, TALENT_MESSAGES.applyRefused);
    // a new application with the same identity number gets the same answer (as every registered number does)
    expectError(await apply(plan1b.posts[0]!.id, applicant), 409, TALENT_MESSAGES.applyRefused);
    expect((await t.call(getTalentInfo, { id: applicantId }, { token: t.admin })).data).toMatchObject({ blacklisted: true, blacklistReason: '面试无故缺席' });
    // company 2 neither sees nor removes it
    expectError(await t.call(removeBlacklist, { id: applicantId }, { token: t.hospital }), 404, TALENT_MESSAGES.blacklistMissing);
    expect((await t.call(blacklistList, {}, { token: t.hospital })).data.total).toBe(0);
    expectError(await t.call(saveBlacklist, { applicationId, reason: 'x' }, { token: t.hospital }), 404, '报名记录不存在');

    expect((await t.call(removeBlacklist, { id: applicantId }, { token: t.admin })).code).toBe(200);
    expect(await t.db.select().from(talentCompanyBlack).where(eq(talentCompanyBlack.companyId, t.company1))).toEqual([]);
    expect((await resubmit()).code).toBe(200);
  });
});

describe('permissions', () => {
  it('needs talent:view to read, talent:manage to file and talent:buy to buy', async () => {
    const viewer = await staffWith(t, '人才查看员', 'talentviewer', ['talent:view']);
    expect((await t.call(platformTalentList, {}, { token: viewer })).code).toBe(200);
    expectError(await t.call(saveTalentClassify, { name: '无权', parentId: null }, { token: viewer }), 403, '您没有执行该操作的权限');
    expectError(await t.call(companyBuyUserTalent, { id: platformIds[3]! }, { token: viewer }), 403, '您没有执行该操作的权限');
    const none = await staffWith(t, '无人才权限', 'notalent', ['plan:edit']);
    expectError(await t.call(platformTalentList, {}, { token: none }), 403, '您没有执行该操作的权限');
    expectError(await t.get(`/api/admin/talent/getTalentInfo/${applicantId}`, none), 403, '您没有执行该操作的权限');
  });
});

describe('large results', () => {
  it('count their matches up to one past the cap', async () => {
    await t.db.execute(sql`
      insert into talent (real_name, sex, birthday, identity_no, phone, searchable)
      select '批量人才' || i, '1', '1995-01-01', 'BULK' || lpad(i::text, 14, '0'), '1390000' || lpad(i::text, 4, '0'), true
      from generate_series(1, ${TALENT_COUNT_CAP + 5}) i`);
    const found = await t.call(platformTalentList, { keyword: '批量', pageSize: 5 }, { token: t.admin });
    expect(found.data.total).toBe(TALENT_COUNT_CAP + 1);
    expect(found.data.list).toHaveLength(5);
    // pages within the cap are shown, those past it are refused
    const last = await t.call(platformTalentList, { keyword: '批量', pageSize: 10, pageNum: TALENT_COUNT_CAP / 10 + 1 }, { token: t.admin });
    // (the last 5 of the cap + 5 rows)
    expect(last.data.list).toHaveLength(5);
    expectError(
      await t.call(platformTalentList, { keyword: '批量', pageSize: 10, pageNum: TALENT_COUNT_CAP / 10 + 2 }, { token: t.admin }),
      400,
      TALENT_MESSAGES.pageBeyondCap,
    );
    expectError(await t.call(companyTalentList, { pageSize: 10, pageNum: TALENT_COUNT_CAP / 10 + 2 }, { token: t.admin }), 400, TALENT_MESSAGES.pageBeyondCap);
  });
});
