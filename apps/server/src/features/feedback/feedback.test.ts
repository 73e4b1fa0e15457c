// runs on PostgreSQL too: twenty replies to one feedback at once
import {
  FEEDBACK_ALREADY_REPLIED, OPERATOR_TOKEN_HEADER, companyFeedbackDetail, companyFeedbackList,
  platformFeedbackList, saveCompanyFeedback,
} from '@zhaokao/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyFeedback } from '../../db/tables.js';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../seed/seed.js';
import { atOnce, expectError, expectOneSucceeded, expectOthersNotFound, expectRefusedUnchanged, snapshotOf, useTestApp, warmUp } from '../../test/app.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { feedback: companyFeedback });
let operator: string;

/** A call as the operator's pages make it: the operator's token in its header. */
const op = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = operator) =>
  t.app.inject({ method, url: `/api${url}`, headers: token ? { [OPERATOR_TOKEN_HEADER]: token } : {}, payload });

const send = (token: string, input: { type: 'suggestion' | 'problem' | 'complaint' | 'other'; title: string; content: string }) =>
  t.call(saveCompanyFeedback, input, { token });

beforeAll(async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
  operator = res.json().data.token;
});

describe('公司反馈: the company side', () => {
  it('any signed-in staff member sends feedback and reads the company’s, waiting for a reply', async () => {
    const saved = await send(t.shenhe, { type: 'problem', title: '  导出很慢  ', content: '导出全部报名人员要等一分钟。' });
    expect(saved).toMatchObject({ status: 200, msg: '反馈已提交' });
    expect(saved.data).toMatchObject({ type: 'problem', title: '导出很慢', status: 'waiting', reply: '', repliedAt: null, createdByName: expect.any(String) });
    expect(saved.data).not.toHaveProperty('companyName');

    const list = (await t.call(companyFeedbackList, {}, { token: t.admin })).data;
    expect(list.list.map((r) => r.id)).toContain(saved.data.id);
    expect((await t.call(companyFeedbackList, { status: 'replied' }, { token: t.admin })).data.list.map((r) => r.id)).not.toContain(saved.data.id);
    expect((await t.call(companyFeedbackList, {}, { token: t.hospital })).data.list.map((r) => r.id)).not.toContain(saved.data.id);
    expect((await t.call(companyFeedbackDetail, { id: saved.data.id }, { token: t.admin })).data).toEqual(saved.data);
  });

  it('refuses bad input with its Chinese message and saves nothing', async () => {
    const ok = { type: 'other', title: '标题', content: '内容' };
    for (const [input, msg] of [
      [{ ...ok, type: 'x' }, '请选择反馈类型'],
      [{ ...ok, type: undefined }, '请选择反馈类型'],
      [{ ...ok, title: '   ' }, '请输入反馈标题'],
      [{ ...ok, title: '长'.repeat(51) }, '反馈标题最长 50 个字'],
      [{ ...ok, content: '' }, '请输入反馈内容'],
      [{ ...ok, content: undefined }, '请输入反馈内容'],
      [{ ...ok, content: '长'.repeat(2001) }, '反馈内容最长 2000 个字'],
      [{ ...ok, content: 'a\u0000b' }, '输入内容包含无法保存的字符'],
      [{ ...ok, status: 'x' }, '反馈状态不正确'],
    ] as const) {
      const url = 'status' in input ? '/api/admin/message/companyFeedbackList' : '/api/admin/message/saveCompanyFeedback';
      await expectRefusedUnchanged(snapshot, () => t.post(url, t.admin, input), 400, msg);
    }
    // 2,000 characters are taken.
    expect((await send(t.admin, { type: 'suggestion', title: '长'.repeat(50), content: '长'.repeat(2000) })).status).toBe(200);
  });

  it('another company’s feedback answers 404', async () => {
    const mine = (await send(t.admin, { type: 'suggestion', title: '湘江的建议', content: '内容' })).data.id;
    const theirs = (await send(t.hospital, { type: 'complaint', title: '医院的投诉', content: '内容' })).data.id;
    await expectOthersNotFound(t, (token, id) => t.call(companyFeedbackDetail, { id }, { token }), { mine, theirs }, '反馈不存在', snapshot);
    expectError(await t.get('/api/admin/message/companyFeedback/abc', t.admin), 400, '反馈编号必须是数字');
  });
});

describe('公司反馈: the platform operator', () => {
  it('answers 50008 without the operator session, or to a staff session', async () => {
    for (const token of [null, 'forged']) {
      for (const [method, url] of [
        ['POST', platformFeedbackList.path],
        ['GET', '/platform/feedback/1'],
        ['POST', '/platform/feedback/reply/1'],
      ] as const) {
        const res = await op(method, url, method === 'POST' ? { reply: '好' } : undefined, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 50008, data: null });
      }
    }
    const staff = await t.app.inject({ method: 'POST', url: '/api/platform/feedback/list', headers: { 'x-token': t.admin }, payload: {} });
    expect(staff.json()).toMatchObject({ code: 50008 });
  });

  it('lists every company’s feedback by status and company, replies once, and the company reads the reply', async () => {
    const id = (await send(t.hospital, { type: 'problem', title: '准考证打印', content: '打印的准考证照片模糊。' })).data.id;
    const ids = async (payload: object) => (await op('POST', '/platform/feedback/list', payload)).json().data.list.map((r: { id: number }) => r.id);
    expect(await ids({ status: 'waiting' })).toContain(id);
    expect(await ids({ companyName: '医院' })).toContain(id);
    expect(await ids({ companyName: '湘江' })).not.toContain(id);
    expect(await ids({ companyName: '%' })).toEqual([]);
    const listed = (await op('POST', '/platform/feedback/list', { companyName: '医院' })).json().data.list.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ companyName: '江城市第一人民医院', status: 'waiting' });
    expect((await op('GET', `/platform/feedback/${id}`)).json().data).toEqual(listed);

    expectError(await op('POST', `/platform/feedback/reply/${id}`, { reply: '  ' }), 400, '请输入回复内容');
    expectError(await op('POST', `/platform/feedback/reply/${id}`, { reply: '长'.repeat(2001) }), 400, '回复内容最长 2000 个字');
    expectError(await op('POST', '/platform/feedback/reply/999999', { reply: '好' }), 404, '反馈不存在');
    expectError(await op('GET', '/platform/feedback/999999'), 404, '反馈不存在');

    const replied = await op('POST', `/platform/feedback/reply/${id}`, { reply: '已修复，请重新打印。' });
    expect(replied.json()).toMatchObject({ code: 200, msg: '回复成功', data: { status: 'replied', reply: '已修复，请重新打印。', repliedByName: '平台运营' } });
    await expectRefusedUnchanged(snapshot, () => op('POST', `/platform/feedback/reply/${id}`, { reply: '再回复一次' }), 409, FEEDBACK_ALREADY_REPLIED);

    const seen = (await t.call(companyFeedbackDetail, { id }, { token: t.hospital })).data;
    expect(seen).toMatchObject({ status: 'replied', reply: '已修复，请重新打印。', repliedAt: expect.any(String) });
    expect((await t.call(companyFeedbackList, { status: 'replied' }, { token: t.hospital })).data.list.map((r) => r.id)).toContain(id);
    expect(await ids({ status: 'waiting' })).not.toContain(id);
  });

  it('of 20 replies at once, one wins and the others are told it was answered', async () => {
    const id = (await send(t.admin, { type: 'suggestion', title: '同时回复', content: '两位运营同时回复。' })).data.id;
    await warmUp(() => op('GET', `/platform/feedback/${id}`));
    const answers = await atOnce(20, (i) => op('POST', `/platform/feedback/reply/${id}`, { reply: `回复 ${i}` }));
    expectOneSucceeded(answers, 409, FEEDBACK_ALREADY_REPLIED);
    const winner = answers.findIndex((a) => a.json().code === 200);
    expect((await t.call(companyFeedbackDetail, { id }, { token: t.admin })).data.reply).toBe(`回复 ${winner}`);
  });
});
