import type { JobView } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { jobLine, jobPercent } from './jobs';

const job = (fields: Partial<JobView>): JobView => ({
  id: 'x',
  kind: 'scoreImport',
  title: '导入笔试成绩：计划',
  status: 'running',
  step: '正在保存',
  done: 0,
  total: 0,
  summary: '',
  fileUrl: null,
  fileName: null,
  error: '',
  createdAt: '2026-11-28T08:00:00.000Z',
  finishedAt: null,
  ...fields,
});

describe('a job as the pages show it', () => {
  it('counts its progress in percent: 0 until the total is known, never 100 before it is done', () => {
    expect(jobPercent(job({}))).toBe(0);
    expect(jobPercent(job({ done: 12_345, total: 50_000 }))).toBe(24);
    expect(jobPercent(job({ done: 50_000, total: 50_000 }))).toBe(99);
    expect(jobPercent(job({ status: 'done', done: 50_000, total: 50_000 }))).toBe(100);
  });

  it('says what it is doing in one line', () => {
    expect(jobLine(job({ status: 'queued' }))).toBe('排队中，马上开始…');
    expect(jobLine(job({ done: 3000, total: 50_000 }))).toBe('正在保存：3000 / 50000');
    expect(jobLine(job({ step: '', total: 0 }))).toBe('正在处理…');
    expect(jobLine(job({ status: 'done', summary: '已保存 50000 条成绩' }))).toBe('已保存 50000 条成绩');
    expect(jobLine(job({ status: 'failed', error: '服务重启，任务中断，请重新提交' }))).toBe('服务重启，任务中断，请重新提交');
  });
});
