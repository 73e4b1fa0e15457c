// 成绩复查 on 报名详情 rendered to HTML from answers put in the query cache (no DOM, as in pages-render.test.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type OutputOf, myScoreRechecks } from '@zhaokao/contracts';
import { ScoreRecheck } from './ScoreRecheck';

function render(answer: OutputOf<typeof myScoreRechecks>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['GET /candidate/applications/:id/rechecks', { id: 5 }], answer);
  return renderToString(
    <QueryClientProvider client={client}>
      <ScoreRecheck applicationId={5} />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('成绩复查 on the application page', () => {
  it('offers a published stage inside the window, with the deadline and a reason to give', () => {
    const html = render({ rechecks: [], offers: [{ stage: 2, name: '笔试', deadline: '2026-06-04 10:00' }] });
    for (const text of ['成绩复查', '申请笔试成绩复查', '2026-06-04 10:00 前可申请一次', '复查理由']) expect(html).toContain(text);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>申请成绩复查<\/button>/);
  });

  it('shows the requests with their state and answer, and nothing when there is nothing to show', () => {
    const html = render({
      rechecks: [
        { id: 1, stage: 2, stageName: '笔试', reason: '估分不符', state: 'corrected', requestedAt: '2026-06-01T02:00:00.000Z', answer: '合分有误', answeredAt: '2026-06-02T02:00:00.000Z', errorKind: 'sum', originalScore: '84.00', correctedScore: '88.00' },
        { id: 2, stage: 3, stageName: '面试', reason: '请核对', state: 'refused', requestedAt: '2026-07-01T02:00:00.000Z', answer: '成绩无误', answeredAt: '2026-07-02T02:00:00.000Z', errorKind: null, originalScore: null, correctedScore: null },
      ],
      offers: [],
    });
    for (const text of ['笔试成绩复查：已更正', '合分错误，成绩由 84.00 分更正为 88.00 分', '合分有误', '2026-06-01 10:00', '面试成绩复查：不予更正', '成绩无误，不予更正']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('申请笔试成绩复查');
    expect(render({ rechecks: [], offers: [] })).toBe('');
  });
});
