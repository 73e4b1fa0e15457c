/**
 * How a 操作日志 row reads, on the pages and in the export alike: the call's name, its target and its change.
 *
 * The short Chinese name of every call a row can record (each write, each file taken away, each view of a
 * person's unmasked data), by the call's path. Only paths: the pages show these without loading the contracts.
 * `audit-call-names.test.ts` fails when an audited call has no name here, or a name no call.
 */
export const AUDIT_CALL_NAMES: Readonly<Record<string, string>> = {
  // 登录与账号
  '/app/company/companyLogin': '登录',
  '/user/logout': '退出登录',
  '/app/company/sendResetCode': '找回密码：发送验证码',
  '/app/company/resetPassword': '找回密码：重设密码',
  '/admin/company/updateMyInfo': '个人中心：修改个人信息',
  '/admin/company/updatePassword': '个人中心：修改密码',
  '/admin/company/switchCompany/:companyId': '切换单位',

  // 单位、部门、人员与角色
  '/admin/company/companyInfo/save': '单位信息：保存',
  '/admin/company/addSubordinateCompany': '公司管理：新增下属单位',
  '/admin/company/unit/save/:id': '公司管理：修改下属单位',
  '/company/sysOrg/save': '招录部门：保存',
  '/company/sysOrg/delete/:id': '招录部门：删除',
  '/company/userInfo/save': '工作人员：保存',
  '/company/userInfo/setEnabled/:id': '工作人员：启用或停用',
  '/company/userInfo/resetPassword/:id': '工作人员：重置密码',
  '/company/sysRole/save': '角色：保存',
  '/company/sysRole/delete/:id': '角色：删除',
  '/admin/setting/loginPage/save': '设置登录页：保存',

  // 招录计划、岗位、工作安排与简历模板
  '/recruitment/recruitmentPlanExpand/save': '招录计划：保存',
  '/recruitment/recruitmentPlanExpand/delete/:id': '招录计划：删除',
  '/recruitment/recruitmentPlanExpand/updateStatus/:id': '招录计划：发布或撤回',
  '/recruitment/recruitmentPlanExpand/closeSignUp/:id': '招录计划：关闭报名',
  '/recruitment/casualRecruitmentPass': '招录计划：设置考试方式',
  '/recruitment/recruitmentInfo/save': '招录岗位：保存',
  '/recruitment/recruitmentInfo/delete/:id': '招录岗位：删除',
  '/recruitment/adjustPost': '招录岗位：核减或取消',
  '/recruitment/workflow/save': '招录工作安排：保存',
  '/talent/talentTemplate/save': '简历模板：保存',
  '/talent/talentTemplate/delete/:id': '简历模板：删除',

  // 报名与资格审核
  '/recruitment/submitAudit': '资格审核：审核',
  '/recruitment/updateCandidatePass': '资格审核：批量通过',
  '/recruitment/casualRecruitmentCandidatePass': '资格审核：直接通过',
  '/recruitment/signUpFinalReview': '资格审核：确认审核结果',
  '/recruitment/candidateDetail/:id': '报名人员：查看简历',
  '/recruitment/getCompanyRecruitmentAuditList/export': '报名资格审核：导出',
  '/recruitment/recruitmentWaitAuditList/export': '待审核：导出',
  '/recruitment/duplicateCandidateGroups/export': '应聘查重：导出',

  // 笔试与面试
  '/recruitment/admissionTicket/saveSetting': '准考证设置：保存考场',
  '/recruitment/admissionTicket/assignSeats': '准考证设置：排座',
  '/recruitment/batchUpdateAdmissionTicket': '准考证：发放',
  '/recruitment/admissionTicket/print': '准考证：生成 PDF',
  '/recruitment/admissionTicket/printJob/:jobId/file': '准考证：下载 PDF',
  '/recruitment/batchSetGrade': '成绩录入：录入成绩',
  '/recruitment/scoreImport/commit': '成绩录入：导入成绩',
  '/recruitment/scoreImport/template': '成绩录入：下载导入模板',
  '/recruitment/reviewScores': '成绩审核：审核',
  '/recruitment/batchSendScore': '成绩：发布',
  '/recruitment/confirmInterviewList': '面试：确认面试名单',
  '/recruitment/extraTest/save': '加试：录入成绩',
  '/recruitment/examApplicationList/export': '笔试面试名单：导出',
  '/recruitment/getGradeList/export': '排名：导出',
  '/recruitment/getGradeList/exportPlan': '排名：导出全部岗位',
  '/recruitment/auditionPassList/export': '审核通过：导出',

  // 加分与成绩复查
  '/recruitment/bonus/saveSettings': '加分管理：保存设置',
  '/recruitment/bonus/grant': '加分管理：登记加分',
  '/recruitment/bonus/revoke': '加分管理：撤销加分',
  '/recruitment/bonus/list/export': '加分管理：导出',
  '/recruitment/scoreRecheck/answer': '成绩复查：答复',
  '/recruitment/scoreRecheck/list/export': '成绩复查：导出',

  // 面试抽签与考官评分
  '/recruitment/interviewDraw/examiner/save': '考官库：保存考官',
  '/recruitment/interviewDraw/examiner/delete': '考官库：删除考官',
  '/recruitment/interviewDraw/conflict/save': '考官库：登记回避',
  '/recruitment/interviewDraw/conflict/delete': '考官库：取消回避',
  '/recruitment/interviewDraw/group/save': '面试抽签：保存分组',
  '/recruitment/interviewDraw/group/delete': '面试抽签：删除分组',
  '/recruitment/interviewDraw/group/drawOrder': '面试抽签：抽取面试顺序',
  '/recruitment/interviewDraw/drawExaminers': '面试抽签：抽取考官',
  '/recruitment/interviewDraw/mine/score': '考官评分：评分',
  '/recruitment/interviewDraw/group/:id/drawSheet': '面试抽签：下载抽签表',
  '/recruitment/interviewDraw/group/:id/scoreSheet': '面试抽签：下载评分表',

  // 录用环节
  '/recruitment/gate/confirmList': '录用环节：确认名单',
  '/recruitment/gate/decide': '录用环节：办理',
  '/recruitment/gate/decideTasks': '录用环节：按任务判定',
  '/recruitment/gate/substitute': '录用环节：递补',
  '/recruitment/gate/objection': '公示：登记异议',
  '/recruitment/gate/list/export': '录用环节：导出',

  // 人才库
  '/talent/talentClassify/save': '人才分类：保存',
  '/talent/talentClassify/delete/:id': '人才分类：删除',
  '/talent/talentCompanyClassify/batchSaveClassify': '应聘人才库：设置分类',
  '/talent/talentCompanyClassify/saveLabel': '应聘人才库：设置标签',
  '/talent/talentCompanyBlack/saveUpData': '黑名单：加入',
  '/talent/talentCompanyBlack/remove/:id': '黑名单：移出',
  '/admin/talent/unlockByQuota/:id': '人才库：用额度解锁简历',
  '/admin/order/companyFreeBuyTalent/:id': '人才库：解锁本单位的报名者（免费）',
  '/admin/talent/getTalentInfo/:id': '人才库：查看简历',
  '/admin/talent/resumePdf/:id': '人才库：下载简历 PDF',
  '/talent/talentCompanyClassify/export': '应聘人才库：导出',
  '/talent/talent/export': '全部人才库：导出',

  // 公告、新闻、站内信与反馈
  '/admin/message/addNotice': '公示公告：保存',
  '/admin/message/publishNotice/:id': '公示公告：发布',
  '/admin/message/withdrawNotice/:id': '公示公告：撤回',
  '/admin/message/deleteNotice/:id': '公示公告：删除',
  '/admin/message/topNotice/:id': '公示公告：置顶',
  '/admin/news/save': '新闻：保存',
  '/admin/news/publish/:id': '新闻：发布',
  '/admin/news/withdraw/:id': '新闻：撤回',
  '/admin/news/delete/:id': '新闻：删除',
  '/admin/message/addUserNotice': '站内信：发送',
  '/admin/message/batchSaveUserMessage': '站内信：群发',
  '/admin/message/read/:id': '站内信：标为已读',
  '/admin/message/readAll': '站内信：全部标为已读',
  '/admin/message/saveCompanyFeedback': '公司反馈：提交',
  '/admin/poster/companyQrCode': '公司二维码：下载',
  '/admin/poster/planPoster/:planId': '推广海报：下载',

  // 缴费、钱包与发票
  '/admin/order/getToken': '缴费：取得下单令牌',
  '/admin/order/companyBuyMeal': '购买套餐：下单',
  '/admin/order/companyBuyFunction': '购买功能项：下单',
  '/admin/order/companyBuyUserTalent/:id': '人才库：下单解锁简历',
  '/admin/order/saveCompanyRecharge': '单位钱包：充值下单',
  '/admin/order/close/:id': '缴费记录：关闭订单',
  '/admin/wechat/pay/:appId': '订单：扫码支付',
  '/admin/wechat/syncCallback': '订单：查询支付结果',
  '/wallet/pay/:id': '订单：钱包支付',
  '/open/meal/addAlreadyUseTimes/:id': '已购买权益：使用一次',
  '/admin/order/invoice/saveCompanyInvoice': '申请发票：提交',
  '/admin/order/invoice/:id/pdf': '申请发票：下载电子发票',
  '/admin/order/confirmOfflinePayment/:id/:method': '报名缴费：确认线下缴费',
  '/order/omsOrder/update/close': '报名缴费：关闭订单',
  '/order/omsOrder/deleteList': '报名缴费：删除订单',
  '/order/omsOrder/update/note': '报名缴费：修改备注',
  '/order/omsOrder/update/offlineOrder': '报名缴费：改为线下缴费',
  '/order/omsOrder/update/receiverInfo': '报名缴费：修改收件信息',
  '/order/omsOrder/export': '报名缴费：导出',

  // 上传
  '/admin/qiniu/getUpToken': '上传：取得上传令牌',
  '/admin/qiniu/imageUpload': '上传图片',
  '/admin/qiniu/imageUploadAndSave': '上传图片并保存',
  '/storage/upload': '上传文件',

  // 后台任务
  '/admin/job/:jobId/file': '后台任务：下载文件',

  // 操作日志
  '/admin/auditLog/export': '操作日志：导出',
  '/platform/auditLog/export': '平台操作日志：导出',

  // 运营后台
  '/platform/login': '运营后台：登录',
  '/platform/logout': '运营后台：退出登录',
  '/platform/invoice/issue/:id': '运营后台：开具发票',
  '/platform/invoice/pdf': '运营后台：上传电子发票',
  '/platform/invoice/:id/pdf': '运营后台：下载电子发票',
  '/platform/feedback/reply/:id': '运营后台：回复反馈',
  '/platform/function/:code/prices': '运营后台：保存功能项价格',
  '/platform/meal/save': '运营后台：保存套餐',

  // 考生端（考生的操作不进操作日志；名称供完整）
  '/open/recruitment/apply': '考生：报名',
  '/open/recruitment/resubmit': '考生：修改后重新提交',
  '/open/fee/pay': '考生：缴纳报名费',
  '/candidate/register': '考生：注册',
  '/candidate/login': '考生：登录',
  '/candidate/logout': '考生：退出登录',
  '/candidate/sendCode': '考生：发送验证码',
  '/candidate/resetPassword': '考生：重设密码',
  '/candidate/resume/save': '考生：保存简历',
  '/candidate/upload': '考生：上传文件',
  '/candidate/apply': '考生：报名',
  '/candidate/applications/:id/resubmit': '考生：修改后重新提交',
  '/candidate/applications/:id/switch': '考生：改报',
  '/candidate/applications/:id/withdraw': '考生：撤回报名',
  '/candidate/applications/:id/fee/pay': '考生：缴纳报名费',
  '/candidate/applications/:id/recheck': '考生：申请成绩复查',
  '/candidate/applications/:id/form': '考生：下载报名登记表',
  '/candidate/applications/:id/ticket/:stage': '考生：下载准考证',
  '/candidate/messages/read': '考生：消息标为已读',
};

/** The name of a recorded call (`POST /recruitment/gate/decide`, or its path alone); the call itself when it has none. */
export function auditCallName(call: string): string {
  const path = call.slice(call.indexOf(' ') + 1);
  return AUDIT_CALL_NAMES[path] ?? call;
}

type Fields = Record<string, unknown> | null | undefined;

const MAX_VALUE = 60;
/** A value as one line shows it: text as it is, lists and objects as JSON, all cut short. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '空';
  const text = typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v !== 'object') ? value.join('、') : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** The ids a call named, on one line: `id 5，planId 3`; '—' when none. */
export function auditTargetText(target: Fields): string {
  const parts = Object.entries(target ?? {}).map(([key, value]) => `${key} ${valueText(value)}`);
  return parts.length ? parts.join('，') : '—';
}

/**
 * A row's change on one line: each field the call found (before) or asked for (after), `字段：之前 → 之后` where it
 * has both; the ids already shown as its target are left out. '—' when nothing is left.
 */
export function auditChangeText(row: { target: Fields; before: Fields; after: Fields }): string {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => key in before || !(key in (row.target ?? {})));
  const parts = keys.map((key) => {
    if (!(key in before)) return `${key}：${valueText(after[key])}`;
    if (!(key in after)) return `${key}：${valueText(before[key])}（之前）`;
    const was = valueText(before[key]);
    const now = valueText(after[key]);
    return was === now ? `${key}：${now}` : `${key}：${was} → ${now}`;
  });
  return parts.length ? parts.join('；') : '—';
}
