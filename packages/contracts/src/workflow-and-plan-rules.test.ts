import { describe, expect, it } from 'vitest';
import { PLAN_STATUSES, PLAN_STATUS_NEXT, planWorkflowStages, stageKindProblem, workItemPermission, workflowItemsProblem } from './index.js';

const item = (workItem: string, kind: 'verify' | 'score') => ({ workItem, kind });
const score = (workItem: string, assigneeId: number, examinerName = '', examinerUnit = '') => ({ workItem, kind: 'score' as const, assigneeId, examinerName, examinerUnit });
const names = (id: number | undefined) => (id === 7 ? '王芳' : '');

describe('a workflow stage', () => {

  it('takes verify items in sign-up review, one score item in the written test and a panel of score items in the interview', () => {
    expect(workflowItemsProblem(1, [item('初审', 'verify'), item('复审', 'verify')])).toBeNull();
    expect(workflowItemsProblem(2, [item('核对', 'verify'), item('阅卷', 'score')])).toBeNull();
    expect(workflowItemsProblem(1, [item('打分', 'score')])).toBe('报名资格审核只能安排审核（√/x）类工作，不能安排成绩录入');
    expect(workflowItemsProblem(2, [item('核对', 'verify')])).toBe('笔试阶段需要安排一项成绩录入工作');
    expect(workflowItemsProblem(2, [item('一', 'score'), item('二', 'score')])).toBe('笔试阶段只能安排一项成绩录入工作');
    expect(workflowItemsProblem(3, [item('考官一', 'score'), item('考官二', 'score'), item('考官三', 'score')])).toBeNull();
    const ten = Array.from({ length: 10 }, (_, i) => item(`考官${i + 1}`, 'score'));
    expect(workflowItemsProblem(3, ten)).toBe('面试阶段最多安排 9 位考官评分');
    expect(workflowItemsProblem(3, [item('评分', 'score'), item('核对', 'verify')])).toBe('面试阶段的审核（√/x）工作须排在成绩录入之前');
  });

  it('takes a gate chosen by the plan with verify items only, or none at all (decided directly)', () => {
    expect(planWorkflowStages([])).toEqual([1, 2, 3]);
    expect(planWorkflowStages([7, 5])).toEqual([1, 2, 3, 5, 7]);
    expect(workflowItemsProblem(5, [item('体检结论', 'verify'), item('复核', 'verify')])).toBeNull();
    expect(workflowItemsProblem(5, [])).toBeNull();
    expect(stageKindProblem(6, [])).toBeNull();
    expect(workflowItemsProblem(4, [item('打分', 'score')])).toBe('资格复审环节只能安排审核（√/x）类工作，不能安排成绩录入');
    expect(workItemPermission(4, 'verify')).toBe('review:written');
    expect(workItemPermission(7, 'verify')).toBe('review:audition');
  });

  it('refuses an empty list and a repeated name', () => {
    expect(workflowItemsProblem(1, [])).toBe('请至少安排一项工作');
    expect(workflowItemsProblem(1, [item('初审', 'verify'), item('初审', 'verify')])).toBe('工作事项“初审”重复，请换一个名称');
    expect(stageKindProblem(3, [])).toBe('面试阶段还没有安排工作');
  });

  it('takes a panel of distinct examiners: outside examiners by name and unit, staff by account', () => {
    expect(workflowItemsProblem(3, [score('考官一', 7, '张教授', '湘江大学'), score('考官二', 7, '李主任', '市人社局'), score('考官三', 7)])).toBeNull();
    expect(workflowItemsProblem(3, [score('考官一', 7), score('考官二', 7)], names)).toBe('考官“王芳”在考官组中出现了两次，一个考官组的考官须各不相同');
    expect(workflowItemsProblem(3, [score('考官一', 7, '张教授', '湘江大学'), score('考官二', 8, '张教授', '湘江大学')])).toBe(
      '考官“张教授”在考官组中出现了两次，一个考官组的考官须各不相同',
    );
    expect(workflowItemsProblem(3, [score('考官一', 7, '张教授', '湘江大学'), score('考官二', 8, '张教授', '湘江师范学院')])).toBeNull();
    expect(workflowItemsProblem(2, [score('阅卷', 7, '张教授')])).toBe('只有面试阶段的评分工作可以填写考官（“阅卷”）');
  });
});

describe('plan status moves', () => {
  it('publish a draft, close and reopen a published plan, and never close a draft', () => {
    expect(PLAN_STATUS_NEXT.draft).toEqual(['published']);
    expect(PLAN_STATUS_NEXT.published).toContain('closed');
    expect(PLAN_STATUS_NEXT.closed).toContain('published');
    for (const from of PLAN_STATUSES) expect(PLAN_STATUS_NEXT[from]).not.toContain(from);
  });
});
