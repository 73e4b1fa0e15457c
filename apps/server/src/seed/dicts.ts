import CATALOGUE from './catalogue.json' with { type: 'json' };

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
    ['待资格复审', '25'],
    ['资格复审合格', '26'],
    ['资格复审不合格', '27'],
    ['放弃（资格复审）', '28'],
    ['待面试', '30'],
    ['待录入面试成绩', '31'],
    ['面试成绩待审核', '32'],
    ['面试未通过', '33'],
    ['面试通过（拟录用）', '34'],
    ['待体检', '35'],
    ['体检合格', '36'],
    ['体检不合格', '37'],
    ['放弃（体检）', '38'],
    ['待考察', '40'],
    ['考察合格', '41'],
    ['考察不合格', '42'],
    ['放弃（考察）', '43'],
    ['公示中', '45'],
    ['聘用', '46'],
    ['公示异议成立', '47'],
    ['放弃（公示）', '48'],
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

/** The function items, what one unit of time of each costs in cents (time_type 1 天, 2 月, 3 年), and the packages on sale. */
const { functions, functionPrices, meals } = CATALOGUE;
export const FUNCTIONS: { code: string; name: string; description: string; quota?: number }[] = functions;
export const FUNCTION_PRICES: { functionCode: string; timeType: number; priceCents: number }[] = functionPrices;
export const MEALS: { name: string; description: string; sort: number; functions: string[]; prices: { time: number; timeType: number; priceCents: number }[] }[] = meals;
