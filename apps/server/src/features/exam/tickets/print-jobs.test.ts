import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../job/index.js';
import { printCount, viewOf } from './print-jobs.js';

const row = (fields: Partial<JobRow>): JobRow => ({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  companyId: 1,
  createdBy: 1,
  kind: 'print',
  title: '打印笔试准考证：计划',
  params: { planId: 1, stage: 2, kind: 'tickets', origin: 'http://localhost', fileName: '计划-笔试准考证.pdf' },
  status: 'queued',
  step: '',
  done: 0,
  total: 3,
  result: null,
  resultFileKey: null,
  resultFileName: null,
  error: '',
  attempts: 0,
  worker: null,
  heartbeatAt: null,
  createdAt: new Date(),
  startedAt: null,
  finishedAt: null,
  ...fields,
});

describe('print jobs', () => {
  it('show a queued job as running, and the download once done', () => {
    expect(viewOf(row({}))).toMatchObject({ status: 'running', done: 0, total: 3, url: null, fileName: '计划-笔试准考证.pdf' });
    const done = row({ status: 'done', done: 3, resultFileKey: 'jobs/1/x-1.pdf', resultFileName: '计划-笔试准考证.pdf' });
    expect(viewOf(done)).toMatchObject({ status: 'done', done: 3, url: `/api/recruitment/admissionTicket/printJob/${done.id}/file` });
    // its file removed (JOB_TIMING.fileHours after it finished): nothing to download
    expect(viewOf(row({ status: 'done', done: 3 })).url).toBeNull();
    expect(viewOf(row({ status: 'failed', error: '生成 PDF 失败，请重试' }))).toMatchObject({ status: 'failed', error: '生成 PDF 失败，请重试' });
  });

  it('counts tickets one by one, door labels and sign-in sheets one per room', () => {
    const rows = [{ roomId: 1 }, { roomId: 1 }, { roomId: 1 }, { roomId: 2 }, { roomId: 2 }];
    expect(printCount('tickets', rows)).toBe(5);
    expect(printCount('doorLabels', rows)).toBe(2);
    expect(printCount('signInSheets', rows)).toBe(2);
  });
});
