/** Every permission a role can hold (DESIGN §4), with the label shown when roles are edited. */
export const PERMISSIONS = {
  'company:edit': '设置单位信息',
  'wallet:view': '查看单位钱包',
  'wallet:pay': '钱包支付',
  'org:manage': '设置招录部门',
  'staff:manage': '管理工作人员与角色',
  'plan:edit': '管理招录计划与岗位',
  'review:signup': '报名资格审核',
  'review:written': '笔试工作',
  'review:audition': '面试工作',
  'score:entry': '成绩录入',
  'score:review': '成绩审核',
  'talent:view': '查看人才库',
  'talent:buy': '购买简历',
  'talent:manage': '管理人才分类、标签与黑名单',
  'content:publish': '发布公告与新闻',
  'order:manage': '缴费与订单管理',
  'invoice:apply': '申请发票',
  'settings:edit': '系统设置',
} as const;

export type Permission = keyof typeof PERMISSIONS;

/** 录用环节: 资格复审 belongs to the written stage's staff, the gates after the interview to the interview's; plan managers run all. */
export const GATE_PERMISSIONS = ['review:written', 'review:audition', 'plan:edit'] as const satisfies readonly Permission[];

/** 加分: plan managers set the categories; the written stage's reviewers grant and revoke. */
export const BONUS_SETTINGS_PERMISSIONS = ['plan:edit'] as const satisfies readonly Permission[];
export const BONUS_PERMISSIONS = ['review:written', 'plan:edit'] as const satisfies readonly Permission[];

/** Who may ask for invoices: the invoice clerk (申请发票) or whoever manages orders. */
export const INVOICE_PERMISSIONS = ['invoice:apply', 'order:manage'] as const satisfies readonly Permission[];

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** True when the holder has at least one of `wanted`. An empty `wanted` is a programming error (SPEC §6). */
export function holdsAny(held: readonly string[], wanted: readonly Permission[]): boolean {
  if (wanted.length === 0) throw new Error('need permissions, e.g. ["plan:edit"]');
  return wanted.some((p) => held.includes(p));
}

// 面试抽签 (endpoints/interview-draw.ts)
/** Who sets up examiners, groups and draws, and prints the sheets: the interview's staff and plan managers. */
export const INTERVIEW_DRAW_PERMISSIONS = ['review:audition', 'plan:edit'] as const satisfies readonly Permission[];
/**
 * Who may look at groups and their (numbered) scores: the above and the score reviewers. Not score entry, the drawn
 * examiners' permission: an examiner must not see the other seats' scores before giving their own.
 */
export const INTERVIEW_DRAW_VIEW_PERMISSIONS = ['review:audition', 'plan:edit', 'score:review'] as const satisfies readonly Permission[];
/** A drawn examiner scoring on the tablet: score entry (as 招录工作安排 requires of score items' assignees). */
export const INTERVIEW_EXAMINER_PERMISSIONS = ['score:entry'] as const satisfies readonly Permission[];
