// runs on PostgreSQL too: parallel saves of one resume's sections must all land (one merging upsert each)
import { RESUME_SECTION_KEYS, type ResumeSectionKey, candidateResume, saveCandidateResume } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { atOnce, useTestApp, warmUp } from '../../test/app.js';
import { candidateCall, signInCandidate } from '../../test/candidates.js';

const t = useTestApp();

/** One field of each section, with a value that shows which save wrote it. */
const SECTION_VALUES: Record<ResumeSectionKey, Record<string, unknown>> = {
  basic: { realName: '赵六' },
  contact: { email: 'zhaoliu@example.com' },
  address: { hometown: '湖南长沙' },
  archives: { archivesAddress: '长沙市人才中心' },
  skills: { computerLevel: '二级' },
  other: { graduateSchool: '中南大学' },
  educationList: { educationList: [{ schoolName: '中南大学' }] },
  familyList: { familyList: [{ name: '赵大' }] },
  workList: { workList: [{ companyName: '长沙银行' }] },
  enclosureList: { enclosureList: [{ name: '学位证' }] },
  certificateList: { certificateList: [{ name: '教师资格证' }] },
  rewardList: { rewardList: [{ name: '三好学生' }] },
};

describe('saving sections at once', () => {
  it('keeps every section of 20 parallel saves, first saves included', async () => {
    const token = await signInCandidate(t, '13900005555');
    await warmUp(() => candidateCall(t, candidateResume, {}, { token }));
    // 20 saves over the 12 sections, the first of them racing to create the resume.
    const sections = Array.from({ length: 20 }, (_, i) => RESUME_SECTION_KEYS[i % RESUME_SECTION_KEYS.length]!);
    const answers = await atOnce(20, (i) => candidateCall(t, saveCandidateResume, { section: sections[i]!, values: SECTION_VALUES[sections[i]!] }, { token }));
    for (const res of answers) expect(res.json()).toMatchObject({ code: 200 });

    const { resume } = (await candidateCall(t, candidateResume, {}, { token })).json().data;
    for (const key of RESUME_SECTION_KEYS) expect(resume, key).toMatchObject(JSON.parse(JSON.stringify(SECTION_VALUES[key])));
  });
});
