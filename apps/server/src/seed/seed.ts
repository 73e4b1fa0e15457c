import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  company, companyWallet, helpArticle, loginPageSetting, staffUser, sysDict, functionPrice, platformOperator,
  sysFunction, sysMeal, sysMealFunction, sysMealPrice, sysOrg, sysRole,
} from '../db/tables.js';
import { ALL_PERMISSIONS } from '@zhaokao/contracts';
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

/**
 * One past movement of a demo company's money, made on the first start through the API as staff make real money
 * (demo-money.ts): a recharge paid by a QR channel on the sandbox gateway, or a purchase at the price list's price
 * paid from the wallet; then back-dated `daysAgo` days. The wallet, its ledger, the orders (缴费记录), the rights and
 * the invoiceable amount (申请发票) therefore agree as they do for real money. Nothing is bought twice, so that every
 * right starts when it was paid.
 */
export type DemoMoneyStep = { daysAgo: number } & (
  | { recharge: { amountY: string; channel: 1 | 2 } }
  | { meal: { name: string; time: number; timeType: 1 | 2 | 3 } }
  | { functions: { codes: string[]; time: number; timeType: 1 | 2 | 3 } }
);

/** A demo company's money history, run by its administrator. */
export interface DemoMoneyRun {
  loginAccount: string;
  steps: readonly DemoMoneyStep[];
}

const DEMO_COMPANIES = [
  {
    name: '湘江人力资源服务集团有限公司',
    industry: 'hr_service',
    address: '湖南省长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼',
    introduce: '湘江人力资源服务集团是省属国有人力资源服务企业，承接党政机关、事业单位和国有企业的公开招聘与考试组织服务。',
    manageIdea: '公开、公平、竞争、择优。',
    // The company QR code (基础版) and the customised company info (单购功能项), each for a year, from the wallet.
    money: [
      { daysAgo: 120, recharge: { amountY: '10000', channel: 1 } },
      { daysAgo: 118, meal: { name: '基础版', time: 1, timeType: 3 } },
      { daysAgo: 60, recharge: { amountY: '5000', channel: 2 } },
      { daysAgo: 45, functions: { codes: ['custom_company_info'], time: 1, timeType: 3 } },
    ] satisfies DemoMoneyStep[],
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
    // Nothing bought, nothing paid in: the wallet is empty.
    money: [] as DemoMoneyStep[],
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
): Promise<{ accounts: DemoAccount[]; examRuns: DemoExamRun[]; moneyRuns: DemoMoneyRun[] }> {
  const [existing] = await db.select({ n: count() }).from(company);
  const { examRuns, moneyRuns } =
    (existing?.n ?? 0) === 0 ? await insertDemoCompanies(db, options.recruitment ?? true) : { examRuns: [], moneyRuns: [] };
  const demoAccounts = [...DEMO_COMPANIES.flatMap((c) => c.staff.map((s) => s.loginAccount)), ...DEMO_UNIT_ACCOUNTS];
  const rows = await db
    .select({ loginAccount: staffUser.loginAccount, companyId: staffUser.companyId, companyName: company.name, roleName: sysRole.name })
    .from(staffUser)
    .innerJoin(company, eq(company.id, staffUser.companyId))
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(inArray(staffUser.loginAccount, demoAccounts))
    .orderBy(staffUser.id);
  return { accounts: rows.map((r) => ({ ...r, password: DEMO_PASSWORD, note: r.roleName })), examRuns, moneyRuns };
}

/**
 * `recruitment`: also departments, plans, posts, candidates and applications (API tests mostly start without).
 * Answers the demo exams and the demo money to run once the server is up.
 */
async function insertDemoCompanies(db: Db, recruitment: boolean): Promise<{ examRuns: DemoExamRun[]; moneyRuns: DemoMoneyRun[] }> {
  const examRuns: DemoExamRun[] = [];
  const moneyRuns: DemoMoneyRun[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The platform operator's demo account (DESIGN §12): issues invoices and keeps packages and prices, at /platform.
  await db.insert(platformOperator).values({ loginAccount: DEMO_OPERATOR, name: '平台运营', passwordHash }).onConflictDoNothing();
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
      // Empty: its money comes through the API (DemoMoneyStep).
      await tx.insert(companyWallet).values({ companyId, totalBalance: 0 });
      if (demo.loginPage) await tx.insert(loginPageSetting).values({ companyId, ...demo.loginPage });
      return companyId;
    });
    if (demo.money.length > 0) moneyRuns.push({ loginAccount: demo.staff[0]!.loginAccount, steps: demo.money });
    if (recruitment) examRuns.push(...(await seedDemoRecruitment(db, newCompanyId, demo.staff[0]!.loginAccount)));
    await seedDemoPublications(db, newCompanyId, demo.staff[0]!.loginAccount);
  }
  await seedDemoUnits(db, DEMO_COMPANIES[0]!.name, passwordHash);
  if (recruitment) await seedDemoTalents(db);
  return { examRuns, moneyRuns };
}
