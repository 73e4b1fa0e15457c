import { identityCheckChar } from '@zhaokao/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/sql.js';
import {
  company,
  recruitmentInfo,
  recruitmentPlan,
  staffUser,
  sysOrg,
} from '../db/tables.js';
import type { EducationEntry, FamilyEntry, WorkEntry } from '../features/talent/tables.js';
import {
  type PlantedApplicant,
  demoRejectionRemarks,
  insertSignUpWorkflow,
  plantedDuplicates,
  rejectedInSecondReview,
  signUpMoveBy,
  signUpTasks,
} from './demo-review.js';

/** mulberry32: a small seeded PRNG, so every first start seeds the same people. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN_MALE = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩', '鹏', '宇', '俊', '斌', '凯', '健', '翔', '博', '文', '志', '建', '国', '海', '晨', '航', '子豪', '宇轩', '浩然', '俊杰', '子涵', '明轩', '文博', '志强', '建华', '海波', '一鸣', '思远', '天佑', '泽宇'];
const GIVEN_FEMALE = ['芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '婷', '雪', '琳', '颖', '倩', '洁', '慧', '欣', '怡', '佳', '璐', '萌', '晓雯', '雨欣', '梓涵', '思琪', '欣怡', '佳怡', '诗涵', '婉清', '紫萱', '雅婷', '文静', '丽娟', '晓燕', '海燕', '春梅', '秀英', '梦瑶', '可馨', '若曦', '语桐'];
const NATIONS = ['汉族', '汉族', '汉族', '汉族', '汉族', '汉族', '汉族', '土家族', '苗族', '侗族', '瑶族', '回族', '壮族', '满族'];
const POLITICAL = ['中共党员', '中共党员', '共青团员', '共青团员', '群众', '群众', '中共预备党员'];

interface Region {
  code: string;
  name: string;
}

interface Profile {
  /** How many candidates apply to the demo plan. */
  candidates: number;
  /** Among them, people who applied twice (应聘查重). */
  planted: PlantedApplicant[];
  regions: Region[];
  plan: { name: string; writtenExamAddress: string; auditionExamAddress: string; registrationFee: number; remark: string };
  posts: {
    jobVacancy: string;
    department: string;
    places: number;
    salary: string;
    education: string;
    workExperience: string;
    fixedAddress: string;
    jobDescription: string;
    skillsRequired: string;
    specialties: string[];
  }[];
  schools: string[];
  employers: string[];
  jobs: string[];
}

const HR_PROFILE: Profile = {
  candidates: 300,
  // 长沙市天心区 and 浏阳市: areas no generated person comes from
  planted: plantedDuplicates('430103', '430181', '166', { identity: '欧阳建华', phone: ['司马婉清', '司马晚晴'], nameBirthday: '诸葛明轩' }),
  regions: [
    { code: '430104', name: '湖南省长沙市岳麓区' },
    { code: '430102', name: '湖南省长沙市芙蓉区' },
    { code: '430111', name: '湖南省长沙市雨花区' },
    { code: '430121', name: '湖南省长沙市长沙县' },
    { code: '430203', name: '湖南省株洲市芦淞区' },
    { code: '430302', name: '湖南省湘潭市雨湖区' },
    { code: '430405', name: '湖南省衡阳市珠晖区' },
    { code: '430602', name: '湖南省岳阳市岳阳楼区' },
    { code: '430702', name: '湖南省常德市武陵区' },
    { code: '431002', name: '湖南省郴州市北湖区' },
    { code: '430502', name: '湖南省邵阳市双清区' },
    { code: '433101', name: '湖南省湘西土家族苗族自治州吉首市' },
  ],
  plan: {
    name: '2026年湘江人力资源服务集团下属企业公开招聘计划',
    writtenExamAddress: '长沙市岳麓区麓山南路 36 号湖南师范大学附属中学（考点）',
    auditionExamAddress: '长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼面试区',
    registrationFee: 10_000,
    remark: '本次招聘面向社会公开，报名、资格审查、笔试、面试、体检、考察、公示依次进行。',
  },
  posts: [
    {
      jobVacancy: '人力资源专员',
      department: '招聘组',
      places: 3,
      salary: '6000-8000元/月',
      education: '本科及以上',
      workExperience: '1年以上',
      fixedAddress: '长沙市岳麓区滨江路 188 号',
      jobDescription: '负责招聘渠道维护、简历筛选、面试组织及入职手续办理；参与薪酬福利核算与员工关系管理。',
      skillsRequired: '人力资源管理、心理学、工商管理等相关专业；熟悉劳动法律法规；持人力资源管理师证书者优先。',
      specialties: ['人力资源管理', '工商管理', '应用心理学', '劳动与社会保障'],
    },
    {
      jobVacancy: '财务会计',
      department: '财务部',
      places: 2,
      salary: '7000-9000元/月',
      education: '本科及以上',
      workExperience: '2年以上',
      fixedAddress: '长沙市岳麓区滨江路 188 号',
      jobDescription: '负责总账核算、纳税申报、财务报表编制及资金管理，配合完成年度审计工作。',
      skillsRequired: '会计学、财务管理等相关专业；具有初级会计师及以上职称；熟练使用用友或金蝶财务软件。',
      specialties: ['会计学', '财务管理', '审计学', '税收学'],
    },
    {
      jobVacancy: '法务专员',
      department: '综合办公室',
      places: 1,
      salary: '8000-10000元/月',
      education: '本科及以上',
      workExperience: '2年以上',
      fixedAddress: '长沙市岳麓区滨江路 188 号',
      jobDescription: '负责合同审核、法律风险防控、劳动争议处理及诉讼案件跟进。',
      skillsRequired: '法学专业；通过国家统一法律职业资格考试（A证）；有企业法务或律所工作经历者优先。',
      specialties: ['法学', '经济法学', '民商法学'],
    },
    {
      jobVacancy: '软件开发工程师',
      department: '人力资源部',
      places: 2,
      salary: '10000-15000元/月',
      education: '本科及以上',
      workExperience: '3年以上',
      fixedAddress: '长沙市岳麓区麓谷大道 658 号',
      jobDescription: '负责招考服务平台的需求分析、系统设计与开发维护，保障线上报名与考务系统稳定运行。',
      skillsRequired: '计算机类专业；熟悉 Java 或 TypeScript，掌握 PostgreSQL/MySQL；有政务或招考系统开发经验者优先。',
      specialties: ['计算机科学与技术', '软件工程', '网络工程', '信息管理与信息系统'],
    },
    {
      jobVacancy: '考务专员',
      department: '考务组',
      places: 4,
      salary: '5000-7000元/月',
      education: '大专及以上',
      workExperience: '不限',
      fixedAddress: '长沙市岳麓区滨江路 188 号',
      jobDescription: '负责考点联络、考场编排、准考证制作、监考人员培训及考试数据归档。',
      skillsRequired: '专业不限；工作细致，能适应考试期间周末加班；熟练使用办公软件。',
      specialties: ['行政管理', '汉语言文学', '公共事业管理', '档案学'],
    },
    {
      jobVacancy: '行政文员',
      department: '综合办公室',
      places: 2,
      salary: '4500-6000元/月',
      education: '大专及以上',
      workExperience: '不限',
      fixedAddress: '长沙市岳麓区滨江路 188 号',
      jobDescription: '负责公文收发、会议组织、档案管理及办公用品采购等日常行政事务。',
      skillsRequired: '文秘、汉语言文学等相关专业；文字功底扎实，具备良好的沟通协调能力。',
      specialties: ['文秘', '汉语言文学', '行政管理'],
    },
  ],
  schools: ['湖南大学', '中南大学', '湖南师范大学', '湘潭大学', '长沙理工大学', '湖南农业大学', '中南林业科技大学', '湖南工商大学', '湖南科技大学', '吉首大学', '南华大学', '长沙学院', '湖南财政经济学院', '湖南大众传媒职业技术学院'],
  employers: ['长沙银行股份有限公司', '湖南中联重科智能技术有限公司', '三一集团有限公司', '湖南省建设工程集团有限公司', '步步高商业连锁股份有限公司', '湖南广播电视台', '长沙市开福区人民政府', '华天实业控股集团有限公司', '湖南友谊阿波罗商业股份有限公司', '中国移动通信集团湖南有限公司'],
  jobs: ['人事专员', '招聘主管', '会计', '出纳', '法务助理', '行政助理', '软件工程师', '测试工程师', '客户经理', '文员'],
};

const HOSPITAL_PROFILE: Profile = {
  candidates: 200,
  // 武汉市硚口区 and 汉阳区
  planted: plantedDuplicates('420104', '420105', '1661', { identity: '上官志强', phone: ['东方雨欣', '东方语欣'], nameBirthday: '慕容思远' }),
  regions: [
    { code: '420103', name: '湖北省武汉市江汉区' },
    { code: '420102', name: '湖北省武汉市江岸区' },
    { code: '420106', name: '湖北省武汉市武昌区' },
    { code: '420111', name: '湖北省武汉市洪山区' },
    { code: '420502', name: '湖北省宜昌市西陵区' },
    { code: '420602', name: '湖北省襄阳市襄城区' },
    { code: '420902', name: '湖北省孝感市孝南区' },
    { code: '421002', name: '湖北省荆州市沙市区' },
    { code: '421102', name: '湖北省黄冈市黄州区' },
    { code: '422801', name: '湖北省恩施土家族苗族自治州恩施市' },
  ],
  plan: {
    name: '江城市第一人民医院2026年公开招聘专业技术人员计划',
    writtenExamAddress: '江城市江汉区解放大道 1095 号医院科教楼 3 楼考场',
    auditionExamAddress: '江城市江汉区解放大道 1095 号医院行政楼 5 楼会议室',
    registrationFee: 0,
    remark: '招聘岗位均为事业单位编制外合同制专业技术岗位，执行医院薪酬体系。',
  },
  posts: [
    {
      jobVacancy: '心血管内科医师',
      department: '医务科',
      places: 2,
      salary: '12000-18000元/月',
      education: '硕士研究生及以上',
      workExperience: '不限',
      fixedAddress: '江城市江汉区解放大道 1095 号',
      jobDescription: '从事心血管内科临床诊疗工作，参与值班、会诊及教学科研任务。',
      skillsRequired: '临床医学（心血管内科方向）专业；取得执业医师资格证及住院医师规范化培训合格证。',
      specialties: ['内科学', '临床医学', '心血管病学'],
    },
    {
      jobVacancy: '急诊科医师',
      department: '医务科',
      places: 3,
      salary: '11000-16000元/月',
      education: '本科及以上',
      workExperience: '2年以上',
      fixedAddress: '江城市江汉区解放大道 1095 号',
      jobDescription: '承担急诊接诊、危重症抢救及院前急救工作，实行轮班制。',
      skillsRequired: '临床医学专业；具有执业医师资格；有二级及以上医院急诊工作经历者优先。',
      specialties: ['临床医学', '急诊医学'],
    },
    {
      jobVacancy: '临床护士',
      department: '护理部',
      places: 10,
      salary: '6000-9000元/月',
      education: '大专及以上',
      workExperience: '不限',
      fixedAddress: '江城市江汉区解放大道 1095 号',
      jobDescription: '在各临床科室从事护理工作，执行医嘱，开展健康宣教，参与夜班轮值。',
      skillsRequired: '护理学专业；已取得护士执业资格证或已通过护士执业资格考试；身体健康。',
      specialties: ['护理学', '助产'],
    },
    {
      jobVacancy: '药剂师',
      department: '医务科',
      places: 2,
      salary: '7000-9500元/月',
      education: '本科及以上',
      workExperience: '不限',
      fixedAddress: '江城市江汉区解放大道 1095 号',
      jobDescription: '负责处方审核、药品调配、用药咨询及临床药学服务。',
      skillsRequired: '药学、临床药学专业；具有药师及以上专业技术资格。',
      specialties: ['药学', '临床药学', '中药学'],
    },
    {
      jobVacancy: '医学影像技师',
      department: '医务科',
      places: 2,
      salary: '7500-10000元/月',
      education: '本科及以上',
      workExperience: '1年以上',
      fixedAddress: '江城市江汉区解放大道 1095 号',
      jobDescription: '负责 CT、MRI、DR 等设备的检查操作与图像后处理，配合放射诊断工作。',
      skillsRequired: '医学影像技术专业；取得放射医学技术专业技术资格；持大型医用设备上岗证者优先。',
      specialties: ['医学影像技术', '医学影像学'],
    },
  ],
  schools: ['武汉大学', '华中科技大学', '湖北医药学院', '湖北中医药大学', '长江大学', '三峡大学', '江汉大学', '湖北科技学院', '武汉科技大学', '湖北职业技术学院', '武汉民政职业学院', '湖北理工学院'],
  employers: ['武汉市中心医院', '湖北省人民医院', '武汉协和医院', '宜昌市第一人民医院', '襄阳市中心医院', '孝感市第一人民医院', '荆州市第一人民医院', '武汉市第三医院', '江城市妇幼保健院', '江城市中医医院'],
  jobs: ['住院医师', '护士', '护师', '药师', '放射技师', '检验技师', '规培医师', '急诊医师'],
};

const DAY = 86_400_000;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Many rows in one statement: the rows travel as one JSON parameter and PostgreSQL spreads them
 * with json_populate_recordset — on PGlite several times faster than thousands of bound parameters.
 * `table` and the keys are this file's constants, never input.
 */
async function bulkInsert<R>(db: Db, table: string, rows: Record<string, unknown>[], returning: string): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).map(snake).join(', ');
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [snake(k), v]))));
  return rowsOf<R>(
    db,
    sql`insert into ${sql.raw(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json) returning ${sql.raw(returning)}`,
  );
}
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const ym = (year: number, month: number) => `${year}-${pad(month)}`;

/**
 * The path of an application to `status` (a sign-up status or 20), from sign-up (null → 10) on, as DESIGN §5's
 * table implies, through the two sign-up work items (初审 10 → 11, 复审 11 → 20); a rejection by 复审 comes after
 * 11. Only 12 may return to 10, which the demo leaves out.
 */
function pathTo(status: number, rejectedInSecond = false): number[] {
  if (status === 10) return [10];
  if (status <= 13) return rejectedInSecond && status !== 11 ? [10, 11, status] : [10, status];
  return [10, 11, 20];
}

/** The path of the `index`-th demo application to `status`. */
const signUpPathOf = (status: number, index: number) => pathTo(status, rejectedInSecondReview(index));

const REMARKS: Record<number, string> = {
  10: '考生报名',
  11: '资格初审通过，等待复审',
  20: '报名资格审核通过',
};

/**
 * A weighted spread over the sign-up statuses, as in a live plan; 20 (passed) holds the people the exams are run
 * with (demo-exams.ts moves them on through the state machine's own code).
 */
const STATUS_WEIGHTS: [number, number][] = [
  [10, 14], [11, 6], [12, 5], [13, 5], [20, 70],
];

function statusFor(index: number, total: number): number {
  // deterministic and proportional: walk the cumulative weights
  const sum = STATUS_WEIGHTS.reduce((weights, [, w]) => weights + w, 0);
  const at = ((index + 0.5) / total) * sum;
  let acc = 0;
  for (const [status, weight] of STATUS_WEIGHTS) {
    acc += weight;
    if (at < acc) return status;
  }
  return 20;
}

/** A generated person; `planted` fixes who they are (name, sex, birth date, identity number, phone). */
function makePerson(rng: Rng, profile: Profile, used: Set<string>, today: Date, post: Profile['posts'][number], planted?: PlantedApplicant) {
  const female = planted ? planted.female : rng.next() < (post.jobVacancy.includes('护士') ? 0.85 : 0.5);
  const realName = planted ? planted.realName : rng.pick([...SURNAMES]) + rng.pick(female ? GIVEN_FEMALE : GIVEN_MALE);
  const surname = planted ? realName.slice(0, 2) : realName[0]!;
  const region = rng.pick(profile.regions);
  const age = planted ? today.getUTCFullYear() - Number(planted.birthday.slice(0, 4)) : rng.int(21, 38);
  const birth = planted ? new Date(`${planted.birthday}T00:00:00Z`) : new Date(Date.UTC(today.getUTCFullYear() - age, rng.int(0, 11), rng.int(1, 28)));
  let identityNo = planted?.identityNo ?? '';
  let phone = planted?.phone ?? '';
  if (!planted) {
    do {
      // sequence: odd for men, even for women (GB 11643)
      const seq = rng.int(0, 499) * 2 + (female ? 0 : 1);
      const first17 = `${region.code}${ymd(birth).replaceAll('-', '')}${pad(seq, 3)}`;
      identityNo = first17 + identityCheckChar(first17);
    } while (used.has(identityNo));
    used.add(identityNo);
    do phone = `1${rng.pick(['3', '5', '7', '8', '9'])}${pad(rng.int(0, 999_999_999), 9)}`;
    while (used.has(phone));
    used.add(phone);
  }

  const postGraduate = post.education.startsWith('硕士');
  const college = post.education.startsWith('大专') && rng.next() < 0.4;
  const gradYear = birth.getUTCFullYear() + (college ? 21 : 22);
  const school = rng.pick(profile.schools);
  const specialty = rng.pick(post.specialties);
  const educationList: EducationEntry[] = [
    {
      startTime: ym(gradYear - (college ? 3 : 4), 9),
      endTime: ym(gradYear, 6),
      schoolName: school,
      education: college ? '大专' : '本科',
      specialty,
      learningStyle: '全日制',
    },
  ];
  let education = college ? '大专' : '本科';
  let graduateSchool = school;
  let lastYear = gradYear;
  if (postGraduate || rng.next() < 0.15) {
    graduateSchool = rng.pick(profile.schools);
    lastYear = gradYear + 3;
    educationList.push({
      startTime: ym(gradYear, 9),
      endTime: ym(lastYear, 6),
      schoolName: graduateSchool,
      education: '硕士研究生',
      specialty,
      learningStyle: '全日制',
    });
    education = '硕士研究生';
  }
  const workList: WorkEntry[] = [];
  let year = lastYear;
  const now = today.getUTCFullYear();
  while (year < now - 1 && workList.length < 3) {
    const end = Math.min(now, year + rng.int(1, 4));
    workList.push({
      startTime: ym(year, rng.int(7, 9)),
      endTime: end >= now ? '' : ym(end, rng.int(1, 6)),
      companyName: rng.pick(profile.employers),
      jobPosition: rng.pick(profile.jobs),
    });
    year = end;
  }
  const working = workList.length > 0 && workList[workList.length - 1]!.endTime === '';
  const parentYear = birth.getUTCFullYear() - rng.int(24, 32);
  const familyList: FamilyEntry[] = [
    { name: surname + rng.pick(GIVEN_MALE), politicalOutlook: rng.pick(POLITICAL), position: '退休', birthday: ym(parentYear, rng.int(1, 12)) },
    { name: rng.pick([...SURNAMES]) + rng.pick(GIVEN_FEMALE), politicalOutlook: '群众', position: '务农', birthday: ym(parentYear + 2, rng.int(1, 12)) },
  ];
  const political = rng.pick(POLITICAL);
  const address = `${region.name}${rng.pick(['人民路', '建设路', '解放路', '中山路', '新华路', '文化路'])}${rng.int(1, 300)}号`;
  return {
    realName,
    sex: female ? '2' : '1',
    nation: rng.pick(NATIONS),
    birthday: ymd(birth),
    politicalOutlook: political,
    joinPartyDate: political === '中共党员' ? `${birth.getUTCFullYear() + 20}-${pad(rng.int(1, 12))}-01` : null,
    marriageHistory: age > 28 ? rng.pick(['已婚', '已婚', '未婚']) : '未婚',
    candidateType: workList.length === 0 ? '应届毕业生' : '社会人员',
    bodyStatus: '健康',
    positionStatus: working ? '1' : workList.length === 0 ? '4' : '3',
    hometown: region.name.slice(0, 3),
    registeredResidenceAddress: address,
    nowAddress: address,
    habitation: region.name,
    familyAddress: address,
    postalAddress: address,
    identityNo,
    identityType: '居民身份证',
    workYears: Math.max(0, now - lastYear - 1),
    joinWorkDate: workList[0] ? `${workList[0].startTime}-01` : null,
    phone,
    email: `${phone}@163.com`,
    archivesStatus: rng.next() < 0.8 ? 1 : 0,
    archivesAddress: `${region.name.slice(0, 3)}人才交流服务中心`,
    computerLevel: rng.pick(['全国计算机等级考试二级', '全国计算机等级考试一级', '熟练使用办公软件']),
    technicalTitle: workList.length > 1 ? rng.pick(['初级', '中级']) : '',
    firstForeignLanguage: '英语',
    firstForeignLanguageLevel: rng.pick(['大学英语四级', '大学英语六级', '大学英语四级']),
    education,
    graduateSchool,
    nowPosition: working ? workList[workList.length - 1]!.jobPosition : '',
    position: working ? workList[workList.length - 1]!.companyName : '',
    strongPoint: rng.pick(['文字写作', '数据分析', '沟通协调', '组织策划', '英语口语', '摄影']),
    personalEvaluation: rng.pick([
      '工作认真负责，学习能力强，具有良好的团队合作精神。',
      '性格开朗，善于沟通，能吃苦耐劳，执行力强。',
      '专业基础扎实，做事细致踏实，有较强的责任心。',
    ]),
    educationList,
    familyList,
    workList,
    certificateList:
      rng.next() < 0.6
        ? [{ image: '', skillName: specialty, skillLevel: rng.pick(['初级', '中级']), name: `${specialty}相关职业资格证书`, certificationDate: `${lastYear}-${pad(rng.int(1, 12))}-15` }]
        : [],
    rewardList:
      rng.next() < 0.3 ? [{ name: rng.pick(['优秀毕业生', '三好学生', '优秀员工']), agencies: graduateSchool, rewardReasons: '表现突出', rewardDate: `${lastYear}-06-20` }] : [],
  };
}

/** Which demo plan to insert: its name, its dates (days from today) and how many people apply. */
export interface DemoPlanVariant {
  name?: string;
  days: { signUpStart: number; signUpEnd: number; written: number; audition: number };
  candidates?: number;
  /** Every applicant has passed the sign-up review (status 20), none planted twice. */
  allPassed?: boolean;
  seed: number;
}

/**
 * A demo plan of a demo company, with its posts, candidates and applications (issue 3) and its sign-up review
 * (issue 8). Deterministic; bulk inserts. Answers the plan's id.
 */
export async function seedDemoPlan(db: Db, companyId: number, variant: DemoPlanVariant): Promise<number> {
  const [comp] = await db.select({ industry: company.industry }).from(company).where(eq(company.id, companyId));
  const profile = comp?.industry === 'healthcare' ? HOSPITAL_PROFILE : HR_PROFILE;
  const rng = prng(variant.seed);
  const candidates = variant.candidates ?? profile.candidates;
  const [actor] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.companyId, companyId)).orderBy(asc(staffUser.id)).limit(1);
  const departments = await db.select({ id: sysOrg.id, name: sysOrg.name }).from(sysOrg).where(eq(sysOrg.companyId, companyId));

  // Dates follow the day of the first start: sign-up open now, the exams after it.
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const at = (days: number, hour = 0) => new Date(today.getTime() + days * DAY + (hour - 8) * 3_600_000);
  const signUpStart = at(variant.days.signUpStart, 9);

  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(recruitmentPlan)
      .values({
        companyId,
        name: variant.name ?? profile.plan.name,
        signUpStartDate: signUpStart,
        signUpEndDate: at(variant.days.signUpEnd, 17),
        writtenStartDate: at(variant.days.written, 9),
        writtenExamAddress: profile.plan.writtenExamAddress,
        auditionStartDate: at(variant.days.audition, 9),
        auditionExamAddress: profile.plan.auditionExamAddress,
        writtenFullMarks: '100.00',
        auditionFullMarks: '100.00',
        compositeWeight: '0.500',
        interviewEntryRatio: 3,
        registrationFee: profile.plan.registrationFee,
        status: 'published',
        remark: profile.plan.remark,
      })
      .returning({ id: recruitmentPlan.id });
    const planId = plan!.id;
    const posts = await tx
      .insert(recruitmentInfo)
      .values(
        profile.posts.map(({ jobVacancy, places, salary, education, workExperience, fixedAddress, jobDescription, skillsRequired, department }) => ({
          companyId,
          planId,
          departmentId: departments.find((d) => d.name === department)?.id ?? null,
          jobVacancy,
          places,
          salary,
          education,
          workExperience,
          fixedAddress,
          jobDescription,
          skillsRequired,
          candidateRemark: '请如实填写报名信息，资格审查贯穿招聘全过程，凡弄虚作假者一经查实即取消资格。',
          applicationPlace: '网上报名',
        })),
      )
      .returning({ id: recruitmentInfo.id });
    const reviewers = await insertSignUpWorkflow(tx, companyId, planId);

    const used = new Set<string>();
    const people = Array.from({ length: candidates }, (_, i) => {
      const postIndex = rng.int(0, posts.length - 1);
      const status = variant.allPassed ? 20 : statusFor(i, candidates);
      return { postIndex, status, person: makePerson(rng, profile, used, today, profile.posts[postIndex]!) };
    });
    // the people who applied twice take the place of generated ones (post and status kept), with their own
    // random stream so that everyone else stays as generated
    const plantedRng = prng(4711);
    for (const planted of variant.allPassed ? [] : profile.planted) {
      const p = people[planted.index]!;
      p.person = makePerson(plantedRng, profile, new Set(), today, profile.posts[p.postIndex]!, planted);
    }
    // returned in the order given (one INSERT ... SELECT); matched by identity number all the same
    const talentRows = await bulkInsert<{ id: number; identityNo: string }>(
      tx,
      'talent',
      // about half of them let other companies find them in 全部人才库
      people.map((p) => ({ ...p.person, searchable: p.person.identityNo.charCodeAt(16) % 2 === 0 })),
      'id, identity_no as "identityNo"',
    );
    const talentIdOf = new Map(talentRows.map((r) => [r.identityNo, r.id]));
    // applications arrive while sign-up is open: until now, or until its end for a plan of the past
    const signUpSpan = Math.min(now.getTime(), at(variant.days.signUpEnd, 17).getTime()) - signUpStart.getTime();
    const applications = people.map((p, i) => {
      const createdAt = new Date(signUpStart.getTime() + Math.floor(((i + rng.next()) / people.length) * signUpSpan * 0.9));
      const steps = signUpPathOf(p.status, i);
      return {
        companyId,
        planId,
        recruitmentId: posts[p.postIndex]!.id,
        talentId: talentIdOf.get(p.person.identityNo)!,
        status: p.status,
        realName: p.person.realName,
        identityNo: p.person.identityNo,
        phone: p.person.phone,
        createdAt,
        // the last change is the last history row, an hour per step
        updatedAt: new Date(createdAt.getTime() + (steps.length - 1) * 3_600_000),
      };
    });
    const inserted = await bulkInsert<{ id: number; talentId: number }>(
      tx,
      'candidate_application',
      applications,
      'id, talent_id as "talentId"',
    );
    const idByTalent = new Map(inserted.map((r) => [r.talentId, r.id]));
    await bulkInsert(
      tx,
      'application_resume',
      people.map((p, i) => ({
        companyId,
        applicationId: idByTalent.get(talentIdOf.get(p.person.identityNo)!)!,
        ...p.person,
        createdAt: applications[i]!.createdAt,
      })),
      'application_id',
    );
    const history = [];
    const tasks = [];
    for (const [i, a] of applications.entries()) {
      const steps = signUpPathOf(a.status, i);
      const applicationId = idByTalent.get(a.talentId)!;
      // an hour apart: the demo happens "now", whatever the exam dates say
      const stepAt = (k: number) => new Date(a.createdAt.getTime() + k * 3_600_000);
      const remarksOf = (k: number) => (steps[k] === 12 || steps[k] === 13 ? demoRejectionRemarks(i) : (REMARKS[steps[k]!] ?? ''));
      for (const [k, to] of steps.entries()) {
        history.push({
          companyId,
          applicationId,
          fromStatus: k === 0 ? null : steps[k - 1]!,
          toStatus: to,
          // sign-up decisions by the work item's assignee, the later moves by the administrator
          actorId: k === 0 ? null : (signUpMoveBy(steps, k, reviewers) ?? actor?.id ?? null),
          remarks: remarksOf(k),
          createdAt: stepAt(k),
        });
      }
      tasks.push(...signUpTasks({ companyId, id: applicationId }, steps, reviewers, stepAt, remarksOf));
    }
    await bulkInsert(tx, 'application_history', history, 'id');
    await bulkInsert(tx, 'application_task', tasks, 'id');
    return planId;
  });
}

