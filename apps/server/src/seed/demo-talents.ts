import { identityCheckChar } from '@zhaokao/contracts';
import type { Db } from '../db/client.js';
import { talent } from '../db/tables.js';

/** A valid identity number (GB 11643) from its first 17 characters. */
const identity = (first17: string) => first17 + identityCheckChar(first17);

/**
 * Talents of the platform who never applied to a demo company but let companies find them (全部人才库): a company
 * sees them masked until it buys them. Each has several jobs, so that the hidden latest one shows.
 */
export const DEMO_PLATFORM_TALENTS = [
  {
    realName: '林晓雨',
    sex: '2',
    birthday: '1993-04-18',
    identityNo: identity('43010219930418242'),
    phone: '13975120418',
    email: 'linxiaoyu93@163.com',
    politicalOutlook: '中共党员',
    education: '本科',
    graduateSchool: '中南大学',
    workYears: 9,
    technicalTitle: '主管护师',
    strongPoint: '重症监护护理，带教实习护士',
    nowAddress: '长沙市岳麓区麓山南路 932 号',
    position: '江城市中心医院',
    nowPosition: '护士长',
    educationList: [
      { startTime: '2011-09', endTime: '2015-06', schoolName: '中南大学', education: '本科', specialty: '护理学', learningStyle: '全日制' },
    ],
    workList: [
      { startTime: '2015-07', endTime: '2019-12', companyName: '湘雅医院', jobPosition: '护士' },
      { startTime: '2020-01', endTime: '', companyName: '江城市中心医院', jobPosition: '护士长' },
    ],
    certificateList: [{ image: '', skillName: '护理', skillLevel: '中级', name: '主管护师资格证', certificationDate: '2020-05-20' }],
  },
  {
    realName: '郑浩然',
    sex: '1',
    birthday: '1990-11-02',
    identityNo: identity('43010319901102301'),
    phone: '13807311102',
    email: 'zhenghaoran@qq.com',
    politicalOutlook: '群众',
    education: '硕士研究生',
    graduateSchool: '湖南大学',
    workYears: 10,
    technicalTitle: '高级工程师',
    strongPoint: '政务信息系统建设与数据治理',
    nowAddress: '长沙市天心区芙蓉南路 88 号',
    position: '长沙智慧城市科技有限公司',
    nowPosition: '技术总监',
    educationList: [
      { startTime: '2008-09', endTime: '2012-06', schoolName: '湘潭大学', education: '本科', specialty: '计算机科学与技术', learningStyle: '全日制' },
      { startTime: '2012-09', endTime: '2015-06', schoolName: '湖南大学', education: '硕士研究生', specialty: '软件工程', learningStyle: '全日制' },
    ],
    workList: [
      { startTime: '2015-07', endTime: '2018-06', companyName: '湖南省信息中心', jobPosition: '工程师' },
      { startTime: '2018-07', endTime: '2021-03', companyName: '拓维信息系统股份有限公司', jobPosition: '项目经理' },
      { startTime: '2021-04', endTime: '', companyName: '长沙智慧城市科技有限公司', jobPosition: '技术总监' },
    ],
    certificateList: [{ image: '', skillName: '系统架构', skillLevel: '高级', name: '系统架构设计师', certificationDate: '2019-11-10' }],
  },
  {
    realName: '何静',
    sex: '2',
    birthday: '1996-07-25',
    identityNo: identity('43060219960725152'),
    phone: '15173025725',
    email: 'hejing0725@126.com',
    politicalOutlook: '共青团员',
    education: '本科',
    graduateSchool: '湖南师范大学',
    workYears: 5,
    technicalTitle: '中级会计师',
    strongPoint: '财务核算与预算管理',
    nowAddress: '岳阳市岳阳楼区巴陵中路 25 号',
    position: '岳阳市财政局国库支付中心',
    nowPosition: '会计',
    educationList: [
      { startTime: '2014-09', endTime: '2018-06', schoolName: '湖南师范大学', education: '本科', specialty: '会计学', learningStyle: '全日制' },
    ],
    workList: [
      { startTime: '2018-07', endTime: '2021-08', companyName: '天职国际会计师事务所', jobPosition: '审计助理' },
      { startTime: '2021-09', endTime: '', companyName: '岳阳市财政局国库支付中心', jobPosition: '会计' },
    ],
    certificateList: [{ image: '', skillName: '会计', skillLevel: '中级', name: '中级会计师', certificationDate: '2022-09-01' }],
  },
] as const;

export async function seedDemoTalents(db: Db) {
  await db
    .insert(talent)
    .values(
      DEMO_PLATFORM_TALENTS.map((t) => ({
        ...t,
        nation: '汉族',
        candidateType: '社会人员',
        bodyStatus: '健康',
        positionStatus: '1',
        hometown: '湖南省',
        habitation: t.nowAddress.slice(0, 3),
        educationList: [...t.educationList],
        workList: [...t.workList],
        certificateList: [...t.certificateList],
        searchable: true,
      })),
    )
    .onConflictDoNothing({ target: talent.identityNo });
}
