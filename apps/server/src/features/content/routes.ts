import { helpDetail, helpList } from '@zhaokao/contracts';
import { asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { helpArticle } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { escapeLike } from '../../shared/sql.js';

const summaryColumns = {
  id: helpArticle.id,
  category: helpArticle.category,
  title: helpArticle.title,
  summary: helpArticle.summary,
};

export function contentRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, helpList, async ({ input }) => {
    const like = `%${escapeLike(input.keyword)}%`;
    return db
      .select(summaryColumns)
      .from(helpArticle)
      .where(input.keyword ? or(ilike(helpArticle.title, like), ilike(helpArticle.content, like)) : undefined)
      .orderBy(asc(helpArticle.sort), asc(helpArticle.id));
  });
  defineRoute(app, helpDetail, async ({ input }) => {
    const [row] = await db.select().from(helpArticle).where(eq(helpArticle.id, input.id));
    if (!row) throw notFound('帮助文章不存在');
    return { ...summaryColumnsOf(row), content: row.content, updatedAt: row.updatedAt.toISOString() };
  });
}

const summaryColumnsOf = (row: typeof helpArticle.$inferSelect) => ({
  id: row.id,
  category: row.category,
  title: row.title,
  summary: row.summary,
});
