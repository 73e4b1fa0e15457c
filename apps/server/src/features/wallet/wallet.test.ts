import { type InputOf, type LedgerType, companyWallet as companyWalletCall, walletLedgerList } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyWallet, walletLedger } from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';

const t = useTestApp();

/** The demo money's balances (see seed.ts): company 1 recharged 15,000.00 yuan and spent 4,860.00 of it, company 2 has none. */
const DEMO_BALANCE_1 = 1_014_000;

/** Adds a ledger row and moves the wallet's balance with it, as every movement of money does. */
async function addLedgerRow(
  companyId: number,
  row: { type: LedgerType; amount: number; createdAt: string; orderNo?: string | null; remark?: string; operatorId?: number },
) {
  return t.db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(companyWallet).where(eq(companyWallet.companyId, companyId));
    const balanceAfter = (wallet?.totalBalance ?? 0) + row.amount;
    await tx
      .insert(companyWallet)
      .values({ companyId, totalBalance: balanceAfter })
      .onConflictDoUpdate({ target: companyWallet.companyId, set: { totalBalance: balanceAfter, updatedAt: new Date() } });
    const [inserted] = await tx
      .insert(walletLedger)
      .values({ companyId, ...row, balanceAfter, createdAt: new Date(row.createdAt) })
      .returning();
    return inserted!;
  });
}

const balance = (token: string, id: number | string) => t.call(companyWalletCall, { id }, { token });
const ledger = (token: string, input: InputOf<typeof walletLedgerList> = {}) => t.call(walletLedgerList, input, { token });
const ids = (answer: { data: { list: { id: number }[] } }) => answer.data.list.map((row) => row.id);

/** March 2025 rows, far from the demo seed's (the last 120 days), so that date filters see only these. */
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
/** Company 1's March rows, newest first. */
const march: { id: number; type: LedgerType }[] = [];
let lastOfMarch9: number; // 2025-03-09 23:59:59.999 in China
let firstOfMarch10: number; // 2025-03-10 00:00 in China
let lastOfMarch10: number; // 2025-03-10 23:59:59.999 in China
let firstOfMarch11: number; // 2025-03-11 00:00 in China
let theirRow: number;

beforeAll(async () => {
  const add = async (type: LedgerType, amount: number, createdAt: string, extra: { orderNo?: string | null; remark?: string; operatorId?: number } = {}) => {
    const row = await addLedgerRow(t.company1, { type, amount, createdAt, ...extra });
    march.unshift({ id: row.id, type });
    return row.id;
  };
  await add('recharge', 100_000, '2025-03-02T02:00:00Z', { orderNo: 'CZ20250302100000', remark: '微信支付充值', operatorId: t.adminId });
  await add('payment', -30_000, '2025-03-05T03:00:00Z', { orderNo: 'TC20250305110000', remark: '购买套餐' });
  lastOfMarch9 = await add('payment', -1_000, '2025-03-09T15:59:59.999Z');
  firstOfMarch10 = await add('refund', 1_000, '2025-03-09T16:00:00.000Z');
  lastOfMarch10 = await add('adjust', 500, '2025-03-10T15:59:59.999Z');
  firstOfMarch11 = await add('payment', -500, '2025-03-10T16:00:00.000Z');
  // Two rows at the same moment: the later id comes first.
  await add('payment', -2_000, '2025-03-20T04:00:00Z', { orderNo: null });
  await add('payment', -3_000, '2025-03-20T04:00:00Z', { operatorId: t.hospitalId });
  for (let day = 21; day <= 24; day++) await add('recharge', 1_000 * day, `2025-03-${day}T01:00:00Z`);
  theirRow = (await addLedgerRow(t.company2, { type: 'recharge', amount: 7_700, createdAt: '2025-03-15T01:00:00Z', remark: '医院充值' })).id;
});

describe('POST /api/wallet/companyWallet/:id', () => {
  it("answers the balance of the signed-in user's own company, in cents", async () => {
    const added = 100_000 - 30_000 - 1_000 + 1_000 + 500 - 500 - 2_000 - 3_000 + 1_000 * (21 + 22 + 23 + 24);
    expect(await balance(t.admin, t.company1)).toEqual({
      status: 200,
      code: 200,
      msg: '操作成功',
      data: { companyId: t.company1, totalBalance: DEMO_BALANCE_1 + added },
    });
    expect((await balance(t.hospital, t.company2)).data).toEqual({ companyId: t.company2, totalBalance: 7_700 });
  });

  it("answers 404 for another company's id or one that does not exist", async () => {
    for (const [token, id] of [
      [t.admin, t.company2],
      [t.hospital, t.company1],
      [t.admin, 999_999],
    ] as const) {
      expect(await balance(token, id)).toEqual({ status: 404, code: 404, msg: '单位不存在', data: null });
    }
  });

  it('refuses an id that is not a company id', async () => {
    expect(await balance(t.admin, 'abc')).toEqual({ status: 400, code: 400, msg: '单位编号必须是数字', data: null });
    expect(await balance(t.admin, 0)).toEqual({ status: 400, code: 400, msg: '单位编号必须是正数', data: null });
  });

  it('needs wallet:view and a session', async () => {
    expect(await balance(t.shenhe, t.company1)).toMatchObject({ status: 403, code: 403, data: null });
    expect(await t.call(companyWalletCall, { id: t.company1 })).toMatchObject({ status: 401, code: 50008, data: null });
  });
});

describe('POST /api/wallet/companyWallet/ledger/list', () => {
  it('lists the newest first, a page at a time, with the total', async () => {
    const first = await ledger(t.admin, { ...MARCH, pageSize: 5 });
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(march.length);
    expect(ids(first)).toEqual(march.slice(0, 5).map((row) => row.id));
    const third = await ledger(t.admin, { ...MARCH, pageNum: 3, pageSize: 5 });
    expect(ids(third)).toEqual(march.slice(10).map((row) => row.id));
    expect(third.data.total).toBe(march.length);
    expect((await ledger(t.admin, { ...MARCH, pageNum: 4, pageSize: 5 })).data).toEqual({ list: [], total: march.length });
  });

  it('answers each row as the contract says, with the operator of the same company only', async () => {
    const all = (await ledger(t.admin, { ...MARCH, pageSize: 200 })).data.list;
    expect(all.find((row) => row.orderNo === 'CZ20250302100000')).toEqual({
      id: march.at(-1)!.id,
      type: 'recharge',
      amount: 100_000,
      balanceAfter: DEMO_BALANCE_1 + 100_000,
      orderNo: 'CZ20250302100000',
      remark: '微信支付充值',
      operatorName: '王敏',
      createdAt: '2025-03-02T02:00:00.000Z',
    });
    const sameMoment = all.filter((row) => row.createdAt === '2025-03-20T04:00:00.000Z');
    expect(sameMoment.map((row) => row.amount)).toEqual([-3_000, -2_000]);
    // An operator of another company is not named, and a row without an order number answers ''.
    expect(sameMoment.map((row) => [row.operatorName, row.orderNo, row.remark])).toEqual([
      ['', '', ''],
      ['', '', ''],
    ]);
  });

  it('filters by type', async () => {
    for (const type of ['recharge', 'payment', 'refund', 'adjust'] as const) {
      const res = await ledger(t.admin, { ...MARCH, type, pageSize: 200 });
      expect(ids(res), type).toEqual(march.filter((row) => row.type === type).map((row) => row.id));
      expect(res.data.total).toBe(march.filter((row) => row.type === type).length);
      expect(res.data.list.every((row) => row.type === type)).toBe(true);
    }
    const payments = await ledger(t.admin, { type: 'payment', pageSize: 200 });
    // The demo money's two payments too, and no recharge.
    expect(payments.data.total).toBe(march.filter((row) => row.type === 'payment').length + 2);
  });

  it("filters by China's calendar days (UTC+8), both ends included", async () => {
    const tenth = await ledger(t.admin, { startDate: '2025-03-10', endDate: '2025-03-10' });
    expect(ids(tenth)).toEqual([lastOfMarch10, firstOfMarch10]);
    const ninthAndTenth = await ledger(t.admin, { startDate: '2025-03-09', endDate: '2025-03-10' });
    expect(ninthAndTenth.data.list.map((row) => row.id)).toContain(lastOfMarch9);
    expect(ninthAndTenth.data.list.map((row) => row.id)).not.toContain(firstOfMarch11);
    const fromEleventh = await ledger(t.admin, { startDate: '2025-03-11', endDate: '2025-03-11' });
    expect(ids(fromEleventh)).toEqual([firstOfMarch11]);
    const untilNinth = await ledger(t.admin, { endDate: '2025-03-09', pageSize: 200 });
    expect(ids(untilNinth)).toEqual(march.filter((row) => row.id <= lastOfMarch9).map((row) => row.id));
    const fromTwentyFourth = await ledger(t.admin, { startDate: '2025-03-24', type: 'recharge', pageSize: 200 });
    // March 24th's recharge and the demo seed's two recharges.
    expect(fromTwentyFourth.data.total).toBe(3);
  });

  it('combines type and dates', async () => {
    const res = await ledger(t.admin, { type: 'payment', startDate: '2025-03-05', endDate: '2025-03-10' });
    expect(res.data.list.map((row) => row.amount)).toEqual([-1_000, -30_000]);
  });

  it('refuses a start after the end, and malformed filters, in Chinese', async () => {
    expect(await ledger(t.admin, { startDate: '2025-03-11', endDate: '2025-03-10' })).toEqual({
      status: 400,
      code: 400,
      msg: '开始日期不能晚于结束日期',
      data: null,
    });
    expect((await ledger(t.admin, { startDate: '2025/03/01' })).msg).toBe('开始日期格式应为 YYYY-MM-DD');
    expect((await ledger(t.admin, { endDate: '20250301' })).msg).toBe('结束日期格式应为 YYYY-MM-DD');
    expect((await t.post(`/api${walletLedgerList.path}`, t.admin, { type: 'gift' })).json().msg).toBe('收支类型不正确');
    expect((await ledger(t.admin, { pageSize: 201 })).msg).toBe('每页最多 200 条');
  });

  it("never shows another company's rows", async () => {
    const ours = await ledger(t.admin, { pageSize: 200 });
    expect(ours.data.list.map((row) => row.id)).not.toContain(theirRow);
    expect(ours.data.list.some((row) => row.remark === '医院充值')).toBe(false);
    const theirs = await ledger(t.hospital, { ...MARCH });
    expect(theirs.data).toEqual({
      total: 1,
      list: [expect.objectContaining({ id: theirRow, type: 'recharge', amount: 7_700, balanceAfter: 7_700, remark: '医院充值' })],
    });
  });

  it('needs wallet:view and a session', async () => {
    expect(await ledger(t.shenhe)).toMatchObject({ status: 403, code: 403, data: null });
    expect(await t.call(walletLedgerList, {})).toMatchObject({ status: 401, code: 50008, data: null });
  });
});
