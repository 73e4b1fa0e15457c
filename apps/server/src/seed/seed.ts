import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  company,
  companyRight,
  companyWallet,
  helpArticle,
  loginPageSetting,
  staffUser,
  sysDict,
  functionPrice,
  platformOperator,
  sysFunction,
  sysMeal,
  sysMealFunction,
  sysMealPrice,
  sysOrg,
  sysRole,
  walletLedger,
} from '../db/tables.js';
import { ALL_PERMISSIONS, type LedgerType } from '@zhaokao/contracts';
import { hashPassword } from '../shared/crypto.js';
import { DICTIONARIES, FUNCTIONS, FUNCTION_PRICES, MEALS } from './dicts.js';
import { type DemoExamRun, seedDemoRecruitment } from './demo-exams.js';
import { seedDemoPublications } from './demo-publications.js';
import { seedDemoTalents } from './demo-talents.js';
import { DEMO_UNIT_ACCOUNTS, seedDemoUnits } from './demo-units.js';
import { HELP_ARTICLES } from './help-articles.js';
import { seedTalentFields } from './talent-fields.js';

export const DEMO_PASSWORD = 'Zhaokao@2026';
/** The demo platform operator's account (password DEMO_PASSWORD). */
export const DEMO_OPERATOR = 'yunying';

export interface DemoAccount {
  loginAccount: string;
  password: string;
  companyId: number;
  companyName: string;
  note: string;
}

/** Platform data: dictionaries, function items, help articles. Safe to run on every start. */
export async function seedPlatform(db: Db) {
  const dictRows = Object.entries(DICTIONARIES).flatMap(([type, entries]) =>
    entries.map(([label, value], i) => ({ type, label, value, sort: (i + 1) * 10 })),
  );
  await db.insert(sysDict).values(dictRows).onConflictDoNothing();
  await db.insert(sysFunction).values(FUNCTIONS).onConflictDoNothing();
  await db.insert(helpArticle).values(HELP_ARTICLES).onConflictDoNothing();
  await seedTalentFields(db);
  await seedCatalogue(db);
}

/** The prices and packages on sale, on the first start only: after that the platform operator keeps them. */
async function seedCatalogue(db: Db) {
  const [priced] = await db.select({ code: functionPrice.functionCode }).from(functionPrice).limit(1);
  if (priced) return;
  await db.insert(functionPrice).values(FUNCTION_PRICES).onConflictDoNothing();
  for (const meal of MEALS) {
    const [made] = await db
      .insert(sysMeal)
      .values({ name: meal.name, description: meal.description, sort: meal.sort })
      .onConflictDoNothing()
      .returning({ id: sysMeal.id });
    if (!made) continue;
    await db.insert(sysMealFunction).values(meal.functions.map((functionCode) => ({ mealId: made.id, functionCode })));
    await db.insert(sysMealPrice).values(meal.prices.map((p) => ({ mealId: made.id, ...p })));
  }
}

interface DemoLedgerEntry {
  type: LedgerType;
  amount: number;
  daysAgo: number;
  orderNo: string;
  remark: string;
}

const DEMO_COMPANIES = [
  {
    name: '湘江人力资源服务集团有限公司',
    industry: 'hr_service',
    address: '湖南省长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼',
    introduce: '湘江人力资源服务集团是省属国有人力资源服务企业，承接党政机关、事业单位和国有企业的公开招聘与考试组织服务。',
    manageIdea: '公开、公平、竞争、择优。',
    rights: ['company_qr_code', 'custom_company_info'],
    ledger: [
      { type: 'recharge', amount: 1_000_000, daysAgo: 120, orderNo: 'CZ20260725093015', remark: '微信支付充值' },
      { type: 'payment', amount: -199_900, daysAgo: 118, orderNo: 'TC20260727101122', remark: '购买套餐：招录标准版（一年）' },
      { type: 'recharge', amount: 500_000, daysAgo: 60, orderNo: 'CZ20260923143301', remark: '支付宝充值' },
      { type: 'payment', amount: -9_900, daysAgo: 45, orderNo: 'GN20261008090512', remark: '购买功能项：公司二维码（一年）' },
      { type: 'payment', amount: -4_150, daysAgo: 12, orderNo: 'JL20261110154409', remark: '购买简历：张晓雯' },
    ] satisfies DemoLedgerEntry[],
    loginPage: { title: '湘江人力招考服务平台', subtitle: '公开 · 公平 · 竞争 · 择优' },
    departments: [
      { name: '人力资源部', children: ['招聘组', '考务组'] },
      { name: '综合办公室', children: [] },
      { name: '财务部', children: [] },
    ],
    staff: [
      { loginAccount: 'admin', name: '王敏', email: 'wangmin@xiangjiang-hr.example.cn', phone: '13874851234', admin: true, department: '人力资源部' },
      { loginAccount: 'shenhe', name: '李娜', email: 'lina@xiangjiang-hr.example.cn', phone: '13907314567', admin: false, department: '招聘组' },
    ],
  },
  {
    name: '江城市第一人民医院',
    industry: 'healthcare',
    address: '湖北省江城市江汉区解放大道 1095 号',
    introduce: '江城市第一人民医院是一所集医疗、教学、科研于一体的三级甲等综合医院。',
    manageIdea: '以病人为中心，以人才为根本。',
    rights: [] as string[],
    ledger: [
      { type: 'recharge', amount: 50_000, daysAgo: 30, orderNo: 'CZ20261023110208', remark: '微信支付充值' },
      { type: 'payment', amount: -50_000, daysAgo: 29, orderNo: 'TC20261024083015', remark: '购买套餐：招录体验版（一个月）' },
    ] satisfies DemoLedgerEntry[],
    loginPage: null,
    departments: [
      { name: '人事科', children: [] },
      { name: '医务科', children: [] },
      { name: '护理部', children: [] },
    ],
    staff: [
      { loginAccount: 'hospital', name: '陈静', email: 'chenjing@jcfh.example.cn', phone: '13627148899', admin: true, department: '人事科' },
    ],
  },
];

/** The two demo companies: one holding the company QR code and customised company info rights, one holding none. */
export async function seedDemo(
  db: Db,
  options: { recruitment?: boolean } = {},
): Promise<{ accounts: DemoAccount[]; examRuns: DemoExamRun[] }> {
  const [existing] = await db.select({ n: count() }).from(company);
  const examRuns = (existing?.n ?? 0) === 0 ? await insertDemoCompanies(db, options.recruitment ?? true) : [];
  const demoAccounts = [...DEMO_COMPANIES.flatMap((c) => c.staff.map((s) => s.loginAccount)), ...DEMO_UNIT_ACCOUNTS];
  const rows = await db
    .select({ loginAccount: staffUser.loginAccount, companyId: staffUser.companyId, companyName: company.name, roleName: sysRole.name })
    .from(staffUser)
    .innerJoin(company, eq(company.id, staffUser.companyId))
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(inArray(staffUser.loginAccount, demoAccounts))
    .orderBy(staffUser.id);
  return { accounts: rows.map((r) => ({ ...r, password: DEMO_PASSWORD, note: r.roleName })), examRuns };
}

/**
 * `recruitment`: also departments, plans, posts, candidates and applications (API tests mostly start without).
 * Answers the demo exams to run once the server is up.
 */
async function insertDemoCompanies(db: Db, recruitment: boolean): Promise<DemoExamRun[]> {
  const examRuns: DemoExamRun[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The platform operator's demo account (DESIGN §12): issues invoices and keeps packages and prices, at /platform.
  await db.insert(platformOperator).values({ loginAccount: DEMO_OPERATOR, name: '平台运营', passwordHash }).onConflictDoNothing();
  const now = new Date();
  const yearLater = new Date(now.getTime() + 365 * 86_400_000);
  for (const demo of DEMO_COMPANIES) {
    const newCompanyId = await db.transaction(async (tx) => {
      const [comp] = await tx
        .insert(company)
        .values({
          name: demo.name,
          industry: demo.industry,
          address: demo.address,
          introduce: demo.introduce,
          manageIdea: demo.manageIdea,
        })
        .returning();
      const companyId = comp!.id;
      const [adminRole] = await tx
        .insert(sysRole)
        .values({ companyId, name: '单位管理员', permissions: [...ALL_PERMISSIONS], isAdmin: true })
        .returning();
      const [reviewRole] = await tx
        .insert(sysRole)
        .values({
          companyId,
          name: '审核员',
          permissions: ['review:signup', 'review:written', 'review:audition', 'score:entry', 'talent:view'],
        })
        .returning();
      const departmentIds = new Map<string, number>();
      for (const [i, top] of (recruitment ? demo.departments : []).entries()) {
        const [row] = await tx.insert(sysOrg).values({ companyId, name: top.name, sort: i * 10 }).returning();
        departmentIds.set(top.name, row!.id);
        for (const [j, child] of top.children.entries()) {
          const [sub] = await tx.insert(sysOrg).values({ companyId, parentId: row!.id, name: child, sort: j * 10 }).returning();
          departmentIds.set(child, sub!.id);
        }
      }
      await tx.insert(staffUser).values(
        demo.staff.map((person) => ({
          companyId,
          departmentId: departmentIds.get(person.department) ?? null,
          roleId: person.admin ? adminRole!.id : reviewRole!.id,
          loginAccount: person.loginAccount,
          passwordHash,
          name: person.name,
          nickName: person.name,
          email: person.email,
          phone: person.phone,
        })),
      );
      let balance = 0;
      for (const entry of demo.ledger) {
        balance += entry.amount;
        await tx.insert(walletLedger).values({
          companyId,
          type: entry.type,
          amount: entry.amount,
          balanceAfter: balance,
          orderNo: entry.orderNo,
          remark: entry.remark,
          createdAt: new Date(now.getTime() - entry.daysAgo * 86_400_000),
        });
      }
      await tx.insert(companyWallet).values({ companyId, totalBalance: balance });
      for (const functionCode of demo.rights) {
        await tx.insert(companyRight).values({ companyId, functionCode, validFrom: now, validUntil: yearLater });
      }
      if (demo.loginPage) await tx.insert(loginPageSetting).values({ companyId, ...demo.loginPage });
      return companyId;
    });
    if (recruitment) examRuns.push(...(await seedDemoRecruitment(db, newCompanyId, demo.staff[0]!.loginAccount)));
    await seedDemoPublications(db, newCompanyId, demo.staff[0]!.loginAccount);
  }
  await seedDemoUnits(db, DEMO_COMPANIES[0]!.name, passwordHash);
  if (recruitment) await seedDemoTalents(db);
  return examRuns;
}
