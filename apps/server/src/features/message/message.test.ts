// runs on PostgreSQL too: twenty 全部标为已读 at once
import {
  MESSAGE_NOT_FOUND, addUserNotice, batchSaveUserMessage, messageRecipients, readAllUserMessages,
  readUserMessage, unreadMessageCount, userMessageList,
} from '@zhaokao/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateApplication, staffUser, userMessage } from '../../db/tables.js';
import { atOnce, expectError, expectOthersNotFound, expectRefusedUnchanged, snapshotOf, staffWith, useTestApp, warmUp } from '../../test/app.js';

const t = useTestApp({ recruitment: true });
const snapshot = snapshotOf(t, { messages: userMessage });

const send = (token: string, acceptUserId: number, messageContent: string) => t.call(addUserNotice, { acceptUserId, messageContent }, { token });
const unread = async (token: string) => (await t.call(unreadMessageCount, {}, { token })).data.count;

describe('站内信 between staff', () => {
  it('admin writes to 李娜 (shenhe): her inbox and unread count show it, opening it reads it once', async () => {
    const before = await unread(t.shenhe);
    const recipients = (await t.call(messageRecipients, {}, { token: t.admin })).data;
    expect(recipients.map((r) => r.id)).toContain(t.shenheId);
    expect(recipients.map((r) => r.id)).not.toContain(t.adminId);
    expect(recipients.map((r) => r.id)).not.toContain(t.hospitalId);

    const sent = await send(t.admin, t.shenheId, '  请明天上午审核完报名。  ');
    expect(sent).toMatchObject({ status: 200, msg: '发送成功' });
    expect(await unread(t.shenhe)).toBe(before + 1);
    expect(await unread(t.admin)).toBe(0);

    const inbox = (await t.call(userMessageList, { unread: true }, { token: t.shenhe })).data;
    const row = inbox.list.find((r) => r.id === sent.data.id)!;
    expect(row).toMatchObject({ content: '请明天上午审核完报名。', readAt: null, senderName: expect.any(String) });
    expect(row.senderName).not.toBe('');
    expect((await t.call(userMessageList, {}, { token: t.admin })).data.list.map((r) => r.id)).not.toContain(sent.data.id);

    const read = (await t.call(readUserMessage, { id: sent.data.id }, { token: t.shenhe })).data;
    expect(read.readAt).toEqual(expect.any(String));
    expect(await unread(t.shenhe)).toBe(before);
    // Read again: the first read time stays.
    expect((await t.call(readUserMessage, { id: sent.data.id }, { token: t.shenhe })).data.readAt).toBe(read.readAt);
    expect((await t.call(userMessageList, { unread: true }, { token: t.shenhe })).data.list.map((r) => r.id)).not.toContain(sent.data.id);
    expect((await t.call(userMessageList, { unread: false }, { token: t.shenhe })).data.list.map((r) => r.id)).toContain(sent.data.id);
  });

  it('batchSaveUserMessage writes to several colleagues, and 全部标为已读 clears the count', async () => {
    const other = await staffWith(t, '王芳', 'wangfang', ['talent:view']);
    const [wang] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'wangfang'));
    const res = await t.call(batchSaveUserMessage, { target: 'staff', acceptUserIds: [t.shenheId, wang!.id, wang!.id], messageContent: '周五开会' }, { token: t.admin });
    expect(res).toMatchObject({ status: 200, data: { count: 2 } });
    expect(await unread(other)).toBe(1);
    // The new colleague writes back to the administrator without any permission.
    expect((await send(other, t.adminId, '收到')).status).toBe(200);
    expect(await unread(t.admin)).toBe(1);

    const n = await unread(t.shenhe);
    expect(n).toBeGreaterThan(0);
    expect((await t.call(readAllUserMessages, {}, { token: t.shenhe })).data.count).toBe(n);
    expect(await unread(t.shenhe)).toBe(0);
    expect(await unread(other)).toBe(1);
  });

  it('20 全部标为已读 at once count each message once', async () => {
    for (let i = 0; i < 5; i += 1) await send(t.admin, t.shenheId, `消息 ${i}`);
    await warmUp(() => t.call(unreadMessageCount, {}, { token: t.shenhe }));
    const answers = await atOnce(20, () => t.call(readAllUserMessages, {}, { token: t.shenhe }));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.data.count, 0)).toBe(5);
    expect(await unread(t.shenhe)).toBe(0);
  });

  it('another user’s or another company’s message answers 404, and nobody writes to another company', async () => {
    const mine = (await send(t.admin, t.shenheId, '给李娜')).data.id;
    // A note the hospital's administrator keeps for himself: company 2's message.
    const theirs = (await send(t.hospital, t.hospitalId, '医院内部')).data.id;
    expect(theirs).toEqual(expect.any(Number));
    await expectOthersNotFound(t, (token, id) => t.post(`/api/admin/message/read/${id}`, token), { mine, theirs }, MESSAGE_NOT_FOUND, snapshot);
    // The sender cannot open (and so mark read) the message they sent: it is the recipient's.
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/admin/message/read/${mine}`, t.admin), 404, MESSAGE_NOT_FOUND);
    await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/message/addUserNotice', t.admin, { acceptUserId: t.hospitalId, messageContent: '你好' }), 404, '接收人不存在');
    await expectRefusedUnchanged(
      snapshot,
      () => t.post('/api/admin/message/batchSaveUserMessage', t.admin, { target: 'staff', acceptUserIds: [t.shenheId, t.hospitalId], messageContent: '你好' }),
      404,
      '接收人不存在',
    );
  });

  it('refuses bad input with its Chinese message and writes nothing', async () => {
    const ok = { acceptUserId: t.shenheId, messageContent: '内容' };
    for (const [input, msg] of [
      [{ ...ok, messageContent: '' }, '请输入发送内容'],
      [{ ...ok, messageContent: '   ' }, '请输入发送内容'],
      [{ ...ok, messageContent: undefined }, '请输入发送内容'],
      [{ ...ok, messageContent: '长'.repeat(1001) }, '发送内容最长 1000 个字'],
      [{ ...ok, messageContent: 'a\u0000b' }, '输入内容包含无法保存的字符'],
      [{ ...ok, acceptUserId: undefined }, '请选择接收人'],
      [{ ...ok, acceptUserId: 'abc' }, '接收人编号必须是数字'],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/message/addUserNotice', t.admin, input), 400, msg);
    }
    for (const [input, msg] of [
      [{ target: 'x', messageContent: '内容' }, '请选择发送对象'],
      [{ target: 'staff', messageContent: '内容' }, '请选择接收人'],
      [{ target: 'staff', acceptUserIds: [t.shenheId], messageContent: '' }, '请输入发送内容'],
      [{ target: 'plan', messageContent: '内容' }, '请选择招录计划'],
      [{ target: 'post', messageContent: '内容' }, '请选择招录岗位'],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/message/batchSaveUserMessage', t.admin, input), 400, msg);
    }
    expectError(await t.post('/api/admin/message/userMessageList', t.admin, { unread: 'x' }), 400, '已读状态不正确');
    expectError(await t.post('/api/admin/message/read/abc', t.admin), 400, '站内信编号必须是数字');
    expect((await send(t.admin, t.shenheId, '长'.repeat(1000))).status).toBe(200);
  });
});

describe('站内信 to candidates', () => {
  it('every candidate of a plan or post gets one message; another company’s plan answers 404', async () => {
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.companyId, t.company1)).limit(1);
    expect(app).toBeDefined();
    const talentsOf = async (where: ReturnType<typeof eq>) =>
      (await t.db.selectDistinct({ id: candidateApplication.talentId }).from(candidateApplication).where(and(eq(candidateApplication.companyId, t.company1), where))).map((r) => r.id).sort((a, b) => a - b);
    const planTalents = await talentsOf(eq(candidateApplication.planId, app!.planId));
    expect(planTalents.length).toBeGreaterThan(1);

    const res = await t.call(batchSaveUserMessage, { target: 'plan', planId: app!.planId, messageContent: '请按时参加笔试' }, { token: t.admin });
    expect(res).toMatchObject({ status: 200, data: { count: planTalents.length } });
    const got = await t.db
      .select({ talentId: userMessage.recipientTalentId, n: sql<number>`count(*)::int` })
      .from(userMessage)
      .where(and(isNotNull(userMessage.recipientTalentId), eq(userMessage.content, '请按时参加笔试')))
      .groupBy(userMessage.recipientTalentId);
    expect(got.map((g) => g.talentId).sort((a, b) => a! - b!)).toEqual(planTalents);
    expect(got.every((g) => Number(g.n) === 1)).toBe(true);

    const postTalents = await talentsOf(eq(candidateApplication.recruitmentId, app!.recruitmentId));
    const byPost = await t.call(batchSaveUserMessage, { target: 'post', recruitmentId: app!.recruitmentId, messageContent: '岗位通知' }, { token: t.admin });
    expect(byPost.data.count).toBe(postTalents.length);

    await expectRefusedUnchanged(
      snapshot,
      () => t.post('/api/admin/message/batchSaveUserMessage', t.hospital, { target: 'plan', planId: app!.planId, messageContent: '你好' }),
      404,
      '招录计划不存在',
    );
    await expectRefusedUnchanged(
      snapshot,
      () => t.post('/api/admin/message/batchSaveUserMessage', t.hospital, { target: 'post', recruitmentId: app!.recruitmentId, messageContent: '你好' }),
      404,
      '岗位不存在',
    );
    // Writing to candidates takes a plan or review permission; writing to colleagues does not.
    const plain = await staffWith(t, '赵强', 'zhaoqiang', ['talent:view']);
    await expectRefusedUnchanged(
      snapshot,
      () => t.post('/api/admin/message/batchSaveUserMessage', plain, { target: 'plan', planId: app!.planId, messageContent: '你好' }),
      403,
      '您没有执行该操作的权限',
    );
  });
});
