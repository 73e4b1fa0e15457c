/** Platform dictionaries (SPEC §9, DESIGN §5). [label, value] in display order. */
export const DICTIONARIES: Record<string, [string, string][]> = {
  sex: [
    ['男', '1'],
    ['女', '2'],
  ],
  position_status: [
    ['在职', '1'],
    ['离职', '2'],
    ['待业', '3'],
    ['应届毕业生', '4'],
    ['在校学生', '5'],
  ],
  candidate_app_status: [
    ['待审核', '10'],
    ['审核中', '11'],
    ['审核不通过（可修改）', '12'],
    ['审核不通过（不可修改）', '13'],
    ['待笔试', '20'],
    ['待录入笔试成绩', '21'],
    ['笔试成绩待审核', '22'],
    ['笔试未通过', '23'],
    ['笔试通过', '24'],
    ['待面试', '30'],
    ['待录入面试成绩', '31'],
    ['面试成绩待审核', '32'],
    ['面试未通过', '33'],
    ['面试通过（拟录用）', '34'],
  ],
  sign_up_rejection_reason: [
    ['学历不符合岗位要求', 'education'],
    ['专业不符合岗位要求', 'specialty'],
    ['年龄不符合岗位要求', 'age'],
    ['工作经历不符合岗位要求', 'experience'],
    ['证件照片不清晰或不合规', 'photo'],
    ['身份证明材料不完整', 'identity'],
    ['学历学位证书未上传或不清晰', 'diploma'],
    ['户籍不符合岗位要求', 'residence'],
    ['报名信息填写不完整', 'incomplete'],
    ['其他', 'other'],
  ],
  sys_pay_type: [
    ['微信支付', '1'],
    ['支付宝', '2'],
  ],
  time_type: [
    ['天', '1'],
    ['月', '2'],
    ['年', '3'],
  ],
  basis_config: [
    ['招考管理系统', '1'],
    ['技术支持：招考平台运营中心', '2'],
    ['地址：湖南省长沙市岳麓区麓谷大道 658 号麓谷信息港 A 座 12 楼', '6'],
    ['服务热线：400-820-6688（工作日 9:00-18:00）', '7'],
    ['版权所有 © 2026 招考平台　湘ICP备2026001234号-1', '8'],
  ],
  industry: [
    ['人力资源服务', 'hr_service'],
    ['医疗卫生', 'healthcare'],
    ['教育', 'education'],
    ['党政机关', 'government'],
    ['事业单位', 'public_institution'],
    ['国有企业', 'state_owned'],
    ['信息技术', 'it'],
    ['金融', 'finance'],
    ['制造业', 'manufacturing'],
    ['其他', 'other'],
  ],
};

export const FUNCTIONS: { code: string; name: string; description: string; quota?: number }[] = [
  { code: 'company_qr_code', name: '公司二维码', description: '生成本单位专属招聘二维码，考生扫码直达本单位报名页。' },
  { code: 'custom_company_info', name: '定制单位信息', description: '后台导航栏与登录页展示本单位的标志与名称。' },
  { code: 'resume_quota', name: '简历查看额度', description: '每次购买得到 200 次人才库简历查看，有效期内可用。', quota: 200 },
];

/** What one unit of time of a function item costs, in cents (time_type 1 天, 2 月, 3 年). */
export const FUNCTION_PRICES: { functionCode: string; timeType: number; priceCents: number }[] = [
  { functionCode: 'company_qr_code', timeType: 1, priceCents: 1_000 },
  { functionCode: 'company_qr_code', timeType: 2, priceCents: 20_000 },
  { functionCode: 'company_qr_code', timeType: 3, priceCents: 198_000 },
  { functionCode: 'custom_company_info', timeType: 2, priceCents: 30_000 },
  { functionCode: 'custom_company_info', timeType: 3, priceCents: 298_000 },
  { functionCode: 'resume_quota', timeType: 2, priceCents: 50_000 },
  { functionCode: 'resume_quota', timeType: 3, priceCents: 480_000 },
];

/** The packages on sale, their items and their prices for a length of time. */
export const MEALS: { name: string; description: string; sort: number; functions: string[]; prices: { time: number; timeType: number; priceCents: number }[] }[] = [
  {
    name: '基础版',
    description: '本单位专属招聘二维码，适合刚开始线上招考的单位。',
    sort: 1,
    functions: ['company_qr_code'],
    prices: [
      { time: 6, timeType: 2, priceCents: 108_000 },
      { time: 1, timeType: 3, priceCents: 188_000 },
    ],
  },
  {
    name: '标准版',
    description: '招聘二维码与定制单位信息，后台与登录页展示本单位形象。',
    sort: 2,
    functions: ['company_qr_code', 'custom_company_info'],
    prices: [
      { time: 1, timeType: 3, priceCents: 428_000 },
      { time: 2, timeType: 3, priceCents: 798_000 },
    ],
  },
  {
    name: '专业版',
    description: '标准版全部功能，另含人才库简历查看额度。',
    sort: 3,
    functions: ['company_qr_code', 'custom_company_info', 'resume_quota'],
    prices: [{ time: 1, timeType: 3, priceCents: 880_000 }],
  },
];
