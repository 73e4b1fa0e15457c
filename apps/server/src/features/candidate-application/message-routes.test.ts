import { APPLICATION_STATUS, candidateMessages, candidateUnreadCount, readCandidateMessages } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { candidateCall } from '../../test/candidates.js';
import { candidateHelpers } from './candidate.support.js';

const t = useTestApp();
const { candidateWithApplication, move } = candidateHelpers(t);

const messages = async (token: string, page: { pageNum?: number; pageSize?: number } = {}) => {
  const body = (await candidateCall(t, candidateMessages, page, { token })).json();
  expect(body.code, body.msg).toBe(200);
  return body.data as { total: number; list: { applicationId: number; companyName: string; jobVacancy: string; title: string; content: string; unread: boolean }[] };
};
const unreadCount = async (token: string) => (await candidateCall(t, candidateUnreadCount, {}, { token })).json().data.count as number;

describe("the candidate's messages", () => {
  it('shows a review decision with its company and post; unread until read', async () => {
    const { token, application } = await candidateWithApplication({ planName: '消息计划' });
    const other = await candidateWithApplication();
    expect(await messages(token)).toEqual({ total: 0, list: [] });
    expect(await unreadCount(token)).toBe(0);

    await move(application, APPLICATION_STATUS.pending, APPLICATION_STATUS.rejectedCorrectable, '照片不清晰');
    expect(await messages(token)).toEqual({
      total: 1,
      list: [
        {
          applicationId: application.id,
          companyName: '湘江人力资源服务集团有限公司',
          jobVacancy: '综合管理岗',
          title: '综合管理岗资格审核未通过，请修改后重新提交',
          content: '审核意见：照片不清晰',
          createdAt: expect.any(String),
          unread: true,
        },
      ],
    });
    expect(await unreadCount(token)).toBe(1);

    const read = (await candidateCall(t, readCandidateMessages, {}, { token })).json();
    expect(read.code, read.msg).toBe(200);
    expect(await unreadCount(token)).toBe(0);
    expect((await messages(token)).list.map((m) => m.unread)).toEqual([false]);

    // Nobody else sees it.
    expect(await messages(other.token)).toEqual({ total: 0, list: [] });
    expect(await unreadCount(other.token)).toBe(0);
  });

  it('lists newest first, a page at a time', async () => {
    const { token, application } = await candidateWithApplication();
    await move(application, APPLICATION_STATUS.pending, APPLICATION_STATUS.rejectedCorrectable, '第一次');
    await move(application, APPLICATION_STATUS.rejectedCorrectable, APPLICATION_STATUS.pending, '考生重新提交');
    await move(application, APPLICATION_STATUS.pending, APPLICATION_STATUS.awaitingWritten, '资格审核通过');
    const all = await messages(token);
    expect(all.total).toBe(2);
    expect(all.list.map((m) => m.title)).toEqual(['综合管理岗资格审核已通过', '综合管理岗资格审核未通过，请修改后重新提交']);
    expect((await messages(token, { pageNum: 2, pageSize: 1 })).list.map((m) => m.title)).toEqual(['综合管理岗资格审核未通过，请修改后重新提交']);
  });
});
