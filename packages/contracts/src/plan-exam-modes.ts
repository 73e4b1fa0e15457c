/**
 * 考核招聘 (DESIGN §5): a plan runs both exams, the interview only, or neither (candidates who pass the
 * sign-up review are proposed for hiring directly).
 */
export const PLAN_EXAM_MODES = { full: '笔试和面试', interview: '仅面试', direct: '不考试，直接拟录用' } as const;
export type PlanExamMode = keyof typeof PLAN_EXAM_MODES;
