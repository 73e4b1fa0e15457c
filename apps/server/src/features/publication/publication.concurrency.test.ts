// runs on PostgreSQL too: publications, withdrawals and deletes of one notice at once
import { PUBLICATION_MESSAGES, deleteNotice, getCompanyNoticeDetail, newsDetail, publishNews, publishNotice, withdrawNotice } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyPublication } from '../../db/tables.js';
import { atOnce, expectError, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { publicationCalls } from './publication.support.js';

const t = useTestApp();
const { id, notice, news } = publicationCalls(t);

describe('公示公告', () => {
  it('of 10 publications at once, one wins and the others are told it is published; the same for withdrawing and deleting', async () => {
    const n = id(await notice(t.admin, { title: '同时发布' }));
    await warmUp(() => t.call(getCompanyNoticeDetail, { id: n }, { token: t.admin }));
    expectOneSucceeded(await atOnce(10, () => t.call(publishNotice, { id: n }, { token: t.admin })), 409, PUBLICATION_MESSAGES.alreadyPublished);
    expectOneSucceeded(await atOnce(10, () => t.call(withdrawNotice, { id: n }, { token: t.admin })), 409, PUBLICATION_MESSAGES.notPublished);
    const deletes = await atOnce(10, () => t.call(deleteNotice, { id: n }, { token: t.admin }));
    expectOneSucceeded(deletes, 404, '公告不存在');
  });


  it('a delete racing a publication: either the delete wins or the published notice stays', async () => {
    const n = id(await notice(t.admin, { title: '删除与发布' }));
    const [published, deleted] = await Promise.all([
      t.call(publishNotice, { id: n }, { token: t.admin }),
      t.call(deleteNotice, { id: n }, { token: t.admin }),
    ]);
    const rows = await t.db.select().from(companyPublication).where(eq(companyPublication.id, n));
    if (deleted.status === 200) {
      expect(rows).toEqual([]);
      expect([200, 404]).toContain(published.status);
    } else {
      expectError(deleted, 409, PUBLICATION_MESSAGES.deletePublished);
      expect(published.status).toBe(200);
      expect(rows[0]!.status).toBe('published');
    }
  });
});

describe('新闻', () => {
  it('of 10 publications at once, one wins', async () => {
    const n = id(await news(t.admin, { title: '同时发布新闻' }));
    await warmUp(() => t.call(newsDetail, { id: n }, { token: t.admin }));
    expectOneSucceeded(await atOnce(10, () => t.call(publishNews, { id: n }, { token: t.admin })), 409, PUBLICATION_MESSAGES.alreadyPublished);
  });
});
