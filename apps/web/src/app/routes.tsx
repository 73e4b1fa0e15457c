import { AccountBookOutlined, AuditOutlined, CommentOutlined, EditOutlined, HomeOutlined, IdcardOutlined, NotificationOutlined, ReadOutlined, SettingOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { BONUS_PERMISSIONS, FUNCTION_CODES, type FunctionCode, GATE_PERMISSIONS, INTERVIEW_DRAW_PERMISSIONS, INTERVIEW_DRAW_VIEW_PERMISSIONS, INTERVIEW_EXAMINER_PERMISSIONS, INVOICE_PERMISSIONS, PERMISSIONS, type Permission } from '@zhaokao/contracts';
import { type ComponentType, type LazyExoticComponent, type ReactNode, lazy } from 'react';

export interface MenuGroup {
  key: string;
  title: string;
  icon: ReactNode;
}

/** Sidebar groups, in SPEC §2's order (within a group, pages in the order the work goes); a group shows only once one of its pages exists. Icons are decoration: hidden from screen readers so an entry is named by its title alone. */
export const MENU_GROUPS: MenuGroup[] = [
  { key: 'recruitmentPlan', title: '招录计划', icon: <SolutionOutlined aria-hidden /> },
  { key: 'examine', title: '资格审核', icon: <AuditOutlined aria-hidden /> },
  { key: 'written', title: '笔试管理', icon: <EditOutlined aria-hidden /> },
  { key: 'interview', title: '面试管理', icon: <CommentOutlined aria-hidden /> },
  { key: 'manage', title: '公告管理', icon: <NotificationOutlined aria-hidden /> },
  { key: 'talentInfo', title: '人才库', icon: <IdcardOutlined aria-hidden /> },
  { key: 'sysManage', title: '新闻管理', icon: <ReadOutlined aria-hidden /> },
  { key: 'order', title: '缴费管理', icon: <AccountBookOutlined aria-hidden /> },
  { key: 'company', title: '公司管理', icon: <TeamOutlined aria-hidden /> },
  { key: 'setting', title: '设置', icon: <SettingOutlined aria-hidden /> },
];

export interface PageRoute {
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
  group?: string;
  icon?: ReactNode;
  /** Not in the sidebar (reached from the navbar or from another page). */
  hidden?: boolean;
  /** Shown to users holding one of these. */
  permissions?: readonly Permission[];
  /** Shown only while the company holds this purchased function. */
  right?: FunctionCode;
  /** The tab cannot be closed. */
  affix?: boolean;
  /** The page's name for users who may look but not change (without `plan:edit`): 招录计划, not 添加招录计划. */
  viewerTitle?: string;
}

/** The one route table: menu, navbar, breadcrumb, tabs and titles all read it. */
export const PAGE_ROUTES: PageRoute[] = [
  {
    path: '/home',
    title: '首页',
    icon: <HomeOutlined aria-hidden />,
    affix: true,
    component: lazy(() => import('../features/home/routes/home')),
  },
  {
    path: '/recruitmentPlan/companyInfo',
    title: '设置单位信息',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/company/routes/company-info')),
  },
  {
    path: '/recruitmentPlan/company/SysOrglist',
    title: '设置招录部门',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/org/routes/org-list')),
  },
  {
    path: '/recruitmentPlan/userInfolist',
    title: '添加工作人员',
    group: 'recruitmentPlan',
    permissions: ['staff:manage'],
    component: lazy(() => import('../features/staff/routes/staff-list')),
  },
  {
    path: '/recruitmentPlan/talentTemplate',
    title: '添加简历模板',
    viewerTitle: '简历模板',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/talent-template/routes/template-list')),
  },
  {
    path: '/recruitmentPlan/recruitmentPlanExpandlist',
    title: '添加招录计划',
    viewerTitle: '招录计划',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/plan/routes/plan-list')),
  },
  {
    path: '/recruitmentPlan/RecruitmentInfolist',
    title: '添加招录岗位',
    viewerTitle: '招录岗位',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/post/routes/post-list')),
  },
  {
    path: '/recruitmentPlan/workflow',
    title: '招录工作安排',
    group: 'recruitmentPlan',
    component: lazy(() => import('../features/workflow/routes/workflow')),
  },
  {
    path: '/recruitmentPlan/AllCandidatelist',
    title: '全部报名人员',
    group: 'recruitmentPlan',
    hidden: true,
    permissions: ['plan:edit', 'review:signup', 'review:written', 'review:audition'],
    component: lazy(() => import('../features/application/routes/candidate-list')),
  },
  {
    path: '/recruitmentPlan/populationStatistics',
    title: '人数统计',
    group: 'recruitmentPlan',
    permissions: ['plan:edit', 'review:signup', 'review:written', 'review:audition'],
    component: lazy(() => import('../features/statistics/routes/population-statistics')),
  },
  {
    path: '/recruitmentPlan/userFinanceRecord',
    title: '单位钱包管理',
    group: 'recruitmentPlan',
    permissions: ['wallet:view'],
    component: lazy(() => import('../features/wallet/routes/wallet-records')),
  },
  {
    path: '/examine/qualifications',
    title: '报名资格审核',
    group: 'examine',
    permissions: ['review:signup'],
    component: lazy(() => import('../features/examine/routes/qualifications')),
  },
  {
    path: '/examine/toBeReviewed',
    title: '待审核',
    group: 'examine',
    permissions: ['review:signup'],
    component: lazy(() => import('../features/examine/routes/to-be-reviewed')),
  },
  {
    path: '/examine/numberOfStatistics',
    title: '人数统计',
    group: 'examine',
    permissions: ['plan:edit', 'review:signup', 'review:written', 'review:audition'],
    component: lazy(() => import('../features/examine/routes/number-of-statistics')),
  },
  {
    path: '/examine/duplicateChecking',
    title: '应聘查重',
    group: 'examine',
    permissions: ['plan:edit', 'review:signup', 'review:written', 'review:audition'],
    component: lazy(() => import('../features/examine/routes/duplicate-checking')),
  },
  {
    path: '/writtenExamination/finalJudgment',
    title: '报名通过人员统计',
    group: 'written',
    permissions: ['plan:edit', 'review:signup', 'review:written'],
    component: lazy(() => import('../features/exam/routes/final-judgment')),
  },
  {
    path: '/writtenExamination/qualifications',
    title: '笔试工作',
    group: 'written',
    permissions: ['review:written', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/written-work')),
  },
  {
    path: '/writtenExamination/admissionTicket',
    title: '笔试准考证设置',
    group: 'written',
    permissions: ['review:written'],
    component: lazy(() => import('../features/exam/routes/written-ticket')),
  },
  {
    path: '/writtenExamination/scoreEntry',
    title: '笔试成绩录入与审核',
    group: 'written',
    permissions: ['score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/written-score-entry')),
  },
  {
    path: '/writtenExamination/details',
    title: '考生详情',
    group: 'written',
    hidden: true,
    permissions: ['review:written', 'review:audition', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/details')),
  },
  {
    path: '/writtenExamination/jobdetails',
    title: '岗位详情',
    group: 'written',
    hidden: true,
    component: lazy(() => import('../features/exam/routes/job-details')),
  },
  {
    path: '/writtenExamination/writtenExaminationReview',
    title: '笔试成绩审核',
    group: 'written',
    hidden: true,
    permissions: ['score:review'],
    component: lazy(() => import('../features/exam/routes/written-review')),
  },
  {
    path: '/writtenExamination/bonus',
    title: '加分管理',
    group: 'written',
    permissions: BONUS_PERMISSIONS,
    component: lazy(() => import('../features/bonus/routes/bonus')),
  },
  {
    path: '/writtenExamination/writtenTestRanking',
    title: '笔试排名',
    group: 'written',
    permissions: ['review:written', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/written-ranking')),
  },
  {
    path: '/writtenExamination/requalify',
    title: '资格复审',
    group: 'written',
    permissions: GATE_PERMISSIONS,
    component: lazy(() => import('../features/gate/routes/requalify')),
  },
  {
    path: '/writtenExamination/scoreRecheck',
    title: '笔试成绩复查',
    group: 'written',
    permissions: ['review:written'],
    component: lazy(() => import('../features/score-recheck/routes/written-recheck')),
  },
  {
    path: '/auditionExamination/writtenPass',
    title: '笔试通过人员统计',
    group: 'interview',
    permissions: ['plan:edit', 'review:written', 'review:audition'],
    component: lazy(() => import('../features/exam/routes/written-pass')),
  },
  {
    path: '/auditionExamination/qualifications',
    title: '面试工作',
    group: 'interview',
    permissions: ['review:audition', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/interview-work')),
  },
  {
    path: '/auditionExamination/admissionTicket',
    title: '面试准考证设置',
    group: 'interview',
    permissions: ['review:audition'],
    component: lazy(() => import('../features/exam/routes/interview-ticket')),
  },
  {
    path: '/auditionExamination/scoreEntry',
    title: '面试成绩录入与审核',
    group: 'interview',
    permissions: ['score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/interview-score-entry')),
  },
  {
    path: '/auditionExamination/writtenExaminationReview',
    title: '面试审核',
    group: 'interview',
    hidden: true,
    permissions: ['score:review'],
    component: lazy(() => import('../features/exam/routes/interview-review')),
  },
  {
    path: '/auditionExamination/auditionPass',
    title: '审核通过',
    group: 'interview',
    permissions: ['review:audition', 'score:review', 'plan:edit'],
    component: lazy(() => import('../features/exam/routes/interview-pass')),
  },
  {
    path: '/auditionExamination/writtenTestRanking',
    title: '面试排名',
    group: 'interview',
    permissions: ['review:audition', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/interview-ranking')),
  },
  {
    path: '/auditionExamination/complexTestRanking',
    title: '综合排名',
    group: 'interview',
    permissions: ['review:audition', 'score:entry', 'score:review'],
    component: lazy(() => import('../features/exam/routes/complex-ranking')),
  },
  {
    path: '/auditionExamination/scoreRecheck',
    title: '面试成绩复查',
    group: 'interview',
    permissions: ['review:audition'],
    component: lazy(() => import('../features/score-recheck/routes/interview-recheck')),
  },
  {
    path: '/auditionExamination/medical',
    title: '体检',
    group: 'interview',
    permissions: GATE_PERMISSIONS,
    component: lazy(() => import('../features/gate/routes/medical')),
  },
  {
    path: '/auditionExamination/inspection',
    title: '考察',
    group: 'interview',
    permissions: GATE_PERMISSIONS,
    component: lazy(() => import('../features/gate/routes/inspection')),
  },
  {
    path: '/auditionExamination/publicity',
    title: '公示',
    group: 'interview',
    permissions: GATE_PERMISSIONS,
    component: lazy(() => import('../features/gate/routes/publicity')),
  },
  {
    path: '/talentInfo/talentCompanyClassify',
    title: '应聘人才库',
    group: 'talentInfo',
    permissions: ['talent:view'],
    component: lazy(() => import('../features/talent/routes/company-talent')),
  },
  {
    path: '/talentInfo/talent',
    title: '全部人才库',
    group: 'talentInfo',
    permissions: ['talent:view'],
    component: lazy(() => import('../features/talent/routes/platform-talent')),
  },
  {
    path: '/talentInfo/talentClassify',
    title: '分类配置',
    group: 'talentInfo',
    permissions: ['talent:view'],
    component: lazy(() => import('../features/talent/routes/talent-classify')),
  },
  {
    path: '/talentInfo/blacklist',
    title: '黑名单',
    group: 'talentInfo',
    permissions: ['talent:view'],
    component: lazy(() => import('../features/talent/routes/blacklist')),
  },
  {
    path: '/order/OmsOrderlist',
    title: '报名缴费管理',
    group: 'order',
    permissions: ['order:manage'],
    component: lazy(() => import('../features/order/routes/fee-order-list')),
  },
  {
    path: '/order/OrderOperateHistorylist',
    title: '缴费记录',
    group: 'order',
    permissions: ['order:manage'],
    component: lazy(() => import('../features/order/routes/order-history')),
  },
  {
    path: '/order/OrderPayLoglist',
    title: PERMISSIONS['invoice:apply'],
    group: 'order',
    permissions: INVOICE_PERMISSIONS,
    component: lazy(() => import('../features/order/routes/invoice-apply')),
  },
  {
    path: '/order/OrderPayLoglists',
    title: '发票详情',
    group: 'order',
    hidden: true,
    permissions: INVOICE_PERMISSIONS,
    component: lazy(() => import('../features/order/routes/invoice-details')),
  },
  {
    path: '/selectResume/chooseAResumePackage',
    title: '购买套餐',
    group: 'order',
    hidden: true,
    permissions: ['order:manage'],
    component: lazy(() => import('../features/order/routes/choose-package')),
  },
  {
    path: '/manage/sysMessage',
    title: '公示公告',
    group: 'manage',
    component: lazy(() => import('../features/publication/routes/notice-list')),
  },
  {
    path: '/manage/newsDetails',
    title: '详情',
    group: 'manage',
    hidden: true,
    component: lazy(() => import('../features/publication/routes/notice-detail')),
  },
  {
    path: '/sysManage/introduceCms',
    title: '新闻发布',
    group: 'sysManage',
    component: lazy(() => import('../features/publication/routes/news-list')),
  },
  {
    path: '/sysManage/introduceCmsdetails',
    title: '新闻详情',
    group: 'sysManage',
    hidden: true,
    component: lazy(() => import('../features/publication/routes/news-detail')),
  },
  {
    path: '/manage/userMessage',
    title: '站内信列表',
    hidden: true,
    component: lazy(() => import('../features/message/routes/user-message')),
  },
  {
    path: '/help/help',
    title: '帮助中心',
    hidden: true,
    component: lazy(() => import('../features/content/routes/help-list')),
  },
  {
    path: '/help/details',
    title: '帮助详情',
    hidden: true,
    component: lazy(() => import('../features/content/routes/help-details')),
  },
  {
    path: '/poster/poster',
    title: '推广海报',
    hidden: true,
    component: lazy(() => import('../features/poster/routes/poster')),
  },
  {
    path: '/company/myInfo',
    title: '个人中心',
    group: 'company',
    component: lazy(() => import('../features/auth/routes/my-info')),
  },
  {
    path: '/company/CompanyInfolist',
    // SPEC §2 names the page 公司管理, as its group: the group's title is the entry that opens and closes, the page's
    // is a link inside it.
    title: '公司管理',
    group: 'company',
    component: lazy(() => import('../features/company-units/routes/company-units')),
  },
  {
    path: '/setting/setLogin',
    title: '设置登录页',
    group: 'setting',
    permissions: ['settings:edit'],
    component: lazy(() => import('../features/settings/routes/set-login')),
  },
  {
    path: '/setting/CompanyFeedback',
    title: '公司反馈',
    group: 'setting',
    component: lazy(() => import('../features/feedback/routes/company-feedback')),
  },
  {
    path: '/setting/CompanyQrCode',
    title: '公司二维码',
    group: 'setting',
    right: FUNCTION_CODES.COMPANY_QR_CODE,
    component: lazy(() => import('../features/settings/routes/company-qr-code')),
  },
  {
    path: '/setting/selectResumeFunction',
    title: '购买功能项',
    group: 'setting',
    permissions: ['order:manage'],
    component: lazy(() => import('../features/order/routes/select-function')),
  },
  {
    path: '/setting/mealBuy',
    title: '已购买权益',
    group: 'setting',
    permissions: ['order:manage'],
    component: lazy(() => import('../features/order/routes/meal-buy')),
  },
  {
    path: '/setting/auditLog',
    title: '操作日志',
    group: 'setting',
    permissions: ['staff:manage'],
    component: lazy(() => import('../features/audit/routes/audit-log')),
  },
  {
    path: '/auditionExamination/examiners',
    title: '考官库',
    group: 'interview',
    permissions: INTERVIEW_DRAW_PERMISSIONS,
    component: lazy(() => import('../features/interview-draw/routes/examiners')),
  },
  {
    path: '/auditionExamination/draw',
    title: '面试抽签',
    group: 'interview',
    permissions: INTERVIEW_DRAW_VIEW_PERMISSIONS,
    component: lazy(() => import('../features/interview-draw/routes/draw')),
  },
  {
    path: '/auditionExamination/scoring',
    title: '考官评分',
    group: 'interview',
    permissions: INTERVIEW_EXAMINER_PERMISSIONS,
    component: lazy(() => import('../features/interview-draw/routes/scoring')),
  },
  {
    path: '/404',
    title: '页面不存在',
    hidden: true,
    component: lazy(() => import('../features/errors/routes/not-found')),
  },
];

export const HOME_PATH = '/home';

export const routeOf = (pathname: string) => PAGE_ROUTES.find((r) => r.path === pathname);
