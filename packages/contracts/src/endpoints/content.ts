import { z } from 'zod';
import { getEndpoint, idOf } from '../api.js';

export const helpArticleSummary = z.object({
  id: z.number().int(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
});

export const helpList = getEndpoint('/admin/help/list', {
  input: z.object({ keyword: z.string().trim().max(50, '关键词最长 50 个字符').default('') }),
  output: z.array(helpArticleSummary),
});

export const helpDetail = getEndpoint('/admin/help/detail/:id', {
  input: z.object({ id: idOf('文章') }),
  output: helpArticleSummary.extend({ content: z.string(), updatedAt: z.string() }),
});
