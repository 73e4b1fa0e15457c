import { addNotice, saveNews } from '@zhaokao/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app.js';

/** The saving calls that publication.test.ts and publication.concurrency.test.ts both use. */
export function publicationCalls(t: TestApp) {
  return {
    /** The id of what a save answered, once it is seen to have succeeded. */
    id: (res: { status: number; code: number; data: { id: number } | null }) => {
      expect(res).toMatchObject({ status: 200, code: 200, msg: '保存成功' });
      return res.data!.id;
    },
    notice: (token: string, input: Partial<Parameters<typeof addNotice.input.parse>[0]> = {}) =>
      t.call(addNotice, { title: '测试公告', content: '<p>公告正文</p>', ...input } as never, { token }),
    news: (token: string, input: Partial<Parameters<typeof saveNews.input.parse>[0]> = {}) =>
      t.call(saveNews, { title: '测试新闻', content: '<p>新闻正文</p>', ...input } as never, { token }),
  };
}
