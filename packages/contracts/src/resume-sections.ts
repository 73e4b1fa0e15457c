/**
 * The resume fields (SPEC §3 TalentInfo and its lists) by section: the catalogue resume templates choose from
 * (seeded as talent_field) and the sections the candidate site's resume form edits and saves one at a time. `id`
 * and `buyStatus` are not resume content and are left out; each list is one field, shown or hidden whole.
 */
export const TALENT_FIELD_SECTIONS = [
  {
    key: 'basic', groupName: '基本信息',
    fields: [
      ['realName', '姓名'],
      ['oldRealName', '曾用名'],
      ['sex', '性别'],
      ['nation', '民族'],
      ['nationality', '国籍'],
      ['birthday', '出生日期'],
      ['age', '年龄'],
      ['politicalOutlook', '政治面貌'],
      ['joinPartyDate', '入党（团）时间'],
      ['marriageHistory', '婚姻状况'],
      ['candidateType', '考生类别'],
      ['bodyStatus', '健康状况'],
      ['positionStatus', '在职状态'],
      ['contractExpireDate', '合同到期时间'],
      ['certificateImage', '证件照'],
    ],
  },
  {
    key: 'contact', groupName: '联系方式与证件',
    fields: [
      ['documentType', '证件类型'],
      ['identityNo', '证件号码'],
      ['identityType', '身份类别'],
      ['identityDate', '证件有效期'],
      ['phone', '手机号码'],
      ['email', '电子邮箱'],
      ['otherContactInformation', '其他联系方式'],
      ['workYears', '工作年限'],
      ['joinWorkDate', '参加工作时间'],
    ],
  },
  {
    key: 'address', groupName: '地址',
    fields: [
      ['hometown', '籍贯'],
      ['registeredResidenceAddress', '户籍所在地'],
      ['nowAddress', '现居住地址'],
      ['habitation', '常住地'],
      ['familyAddress', '家庭住址'],
      ['postalAddress', '通讯地址'],
    ],
  },
  {
    key: 'archives', groupName: '档案与驾驶',
    fields: [
      ['archivesStatus', '是否有人事档案'],
      ['archivesAddress', '档案所在单位'],
      ['drivingLicenseCategory', '驾驶证类别'],
      ['drivingLicenseType', '准驾车型'],
      ['totalDrivingMileage', '累计驾驶里程'],
      ['drivingLevel', '驾驶水平'],
    ],
  },
  {
    key: 'skills', groupName: '技能与语言',
    fields: [
      ['computerLevel', '计算机水平'],
      ['technicalTitle', '专业技术职称'],
      ['firstForeignLanguage', '第一外语'],
      ['firstForeignLanguageLevel', '第一外语水平'],
      ['secondForeignLanguage', '第二外语'],
      ['secondForeignLanguageLevel', '第二外语水平'],
    ],
  },
  {
    key: 'other', groupName: '其他',
    fields: [
      ['education', '最高学历'],
      ['graduateSchool', '毕业院校'],
      ['nowPosition', '现任职务'],
      ['position', '现工作单位'],
      ['strongPoint', '特长'],
      ['personalEvaluation', '自我评价'],
      ['remarks', '备注'],
    ],
  },
  { key: 'educationList', groupName: '教育经历', fields: [['educationList', '教育经历']] },
  { key: 'familyList', groupName: '家庭成员', fields: [['familyList', '家庭成员']] },
  { key: 'workList', groupName: '工作经历', fields: [['workList', '工作经历']] },
  { key: 'enclosureList', groupName: '附件', fields: [['enclosureList', '附件']] },
  { key: 'certificateList', groupName: '证书', fields: [['certificateList', '证书']] },
  { key: 'rewardList', groupName: '奖励', fields: [['rewardList', '奖励']] },
] as const satisfies readonly { key: string; groupName: string; fields: readonly (readonly [code: string, name: string])[] }[];

export type ResumeSectionKey = (typeof TALENT_FIELD_SECTIONS)[number]['key'];
export const RESUME_SECTION_KEYS = TALENT_FIELD_SECTIONS.map((s) => s.key) as [ResumeSectionKey, ...ResumeSectionKey[]];
