import { asc } from 'drizzle-orm';
import { recruitmentPlan } from '../../db/tables.js';
import { savedId, type TestApp } from '../../test/app.js';

/** The plan calls and rows that plan.test.ts and plan.concurrency.test.ts both use. */
export function planCalls(t: TestApp) {
  const save = (token: string, payload: object) => t.post('/api/recruitment/recruitmentPlanExpand/save', token, payload);
  const planRows = async () =>
    (await t.db.select().from(recruitmentPlan).orderBy(asc(recruitmentPlan.id))).map((r) => {
      const { createdAt: _c, updatedAt: _u, ...row } = r;
      return row;
    });
  const valid = {
    name: '2026年春季公开招聘',
    signUpStartDate: '2026-03-01 09:00',
    signUpEndDate: '2026-03-15 17:30',
    writtenStartDate: '2026-03-28 09:00',
    writtenExamAddress: '长沙市岳麓区考点一',
    auditionStartDate: '2026-04-10 08:30',
    auditionExamAddress: '长沙市天心区面试中心',
    writtenFullMarks: '150',
    auditionFullMarks: '100.5',
    compositeWeight: '0.6',
    interviewEntryRatio: 2,
    registrationFeeY: '80.5',
    remark: '备注',
  };
  return {
    list: (token: string, payload: object = {}) => t.post('/api/recruitment/recruitmentPlanExpand/allList', token, payload),
    options: (token: string) => t.post('/api/recruitment/recruitmentPlanExpand/options', token),
    save,
    setStatus: (token: string, id: number | string, status: string) => t.post(`/api/recruitment/recruitmentPlanExpand/updateStatus/${id}`, token, { status }),
    remove: (token: string, id: number | string) => t.post(`/api/recruitment/recruitmentPlanExpand/delete/${id}`, token),
    planRows,
    planRow: async (id: number) => (await planRows()).find((r) => r.id === id),
    valid,
    add: async (token: string, payload: object = {}) => savedId(await save(token, { ...valid, ...payload })),
  };
}
