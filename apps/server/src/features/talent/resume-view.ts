import { type ResumeView, TALENT_FIELD_SHOW } from '@zhaokao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationResume, sysDict, talentField, talentTemplateField } from '../../db/tables.js';
import type { ResumeRecord } from './masking.js';

/** The columns of each resume list, as the resume view (SPEC dialog 3) titles them. */
const LIST_COLUMNS: Record<string, { key: string; title: string }[]> = {
  educationList: [
    { key: 'startTime', title: '开始时间' },
    { key: 'endTime', title: '结束时间' },
    { key: 'schoolName', title: '学校' },
    { key: 'education', title: '学历' },
    { key: 'specialty', title: '专业' },
    { key: 'learningStyle', title: '学习形式' },
  ],
  familyList: [
    { key: 'name', title: '姓名' },
    { key: 'politicalOutlook', title: '政治面貌' },
    { key: 'position', title: '工作单位及职务' },
    { key: 'birthday', title: '出生日期' },
  ],
  workList: [
    { key: 'startTime', title: '开始时间' },
    { key: 'endTime', title: '结束时间' },
    { key: 'companyName', title: '工作单位' },
    { key: 'jobPosition', title: '职务' },
  ],
  enclosureList: [
    { key: 'name', title: '附件名称' },
    { key: 'enclosureDescribe', title: '说明' },
    { key: 'image', title: '文件' },
  ],
  certificateList: [
    { key: 'name', title: '证书名称' },
    { key: 'skillName', title: '技能名称' },
    { key: 'skillLevel', title: '技能等级' },
    { key: 'certificationDate', title: '发证日期' },
    { key: 'image', title: '证书图片' },
  ],
  rewardList: [
    { key: 'name', title: '奖惩名称' },
    { key: 'agencies', title: '奖惩机构' },
    { key: 'rewardReasons', title: '奖惩原因' },
    { key: 'rewardDate', title: '奖惩日期' },
  ],
};

/** Values stored as a dictionary value, shown by the dictionary's label. */
const DICTIONARY_FIELDS: Record<string, string> = { sex: 'sex', positionStatus: 'position_status' };

const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? '' : String(v));

/** Whole years from a `YYYY-MM-DD` birthday (or its Date) to today. */
export function ageOf(birthday: unknown, today = new Date()): string {
  const [y, m, d] = dateText(birthday).split('-').map(Number);
  if (!y || !m || !d) return '';
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return String(age);
}

/**
 * The resume an application was submitted with, by the catalogue's sections, keeping only the fields the
 * post's resume template shows (every field when the post has no template). Undefined when there is none.
 */
export async function resumeViewOf(db: Db, companyId: number, applicationId: number, templateId: number | null): Promise<ResumeView | undefined> {
  const [resume] = await db
    .select()
    .from(applicationResume)
    .where(and(eq(applicationResume.applicationId, applicationId), eq(applicationResume.companyId, companyId)));
  return resume ? resumeViewFrom(db, companyId, resume, templateId) : undefined;
}

/**
 * A resume record (the talent's, or an application's copy) as the resume view shows it, through the company's template.
 * A masked record (maskedResume) has no birthday: `age`, worked out before masking, is shown in the birthday's place.
 */
export async function resumeViewFrom(
  db: Db,
  companyId: number,
  resume: ResumeRecord,
  templateId: number | null,
  age = ageOf(resume.birthday),
): Promise<ResumeView> {
  const fields = await db.select().from(talentField).orderBy(asc(talentField.sort));
  const shown =
    templateId === null
      ? undefined
      : new Set(
          (
            await db
              .select({ code: talentTemplateField.fieldCode })
              .from(talentTemplateField)
              .where(
                and(
                  eq(talentTemplateField.companyId, companyId),
                  eq(talentTemplateField.templateId, templateId),
                  eq(talentTemplateField.showStatus, TALENT_FIELD_SHOW),
                ),
              )
          ).map((r) => r.code),
        );
  const dictRows = await db
    .select({ type: sysDict.type, value: sysDict.value, label: sysDict.label })
    .from(sysDict)
    .where(inArray(sysDict.type, Object.values(DICTIONARY_FIELDS)));
  const labelOf = (type: string, value: string) => dictRows.find((r) => r.type === type && r.value === value)?.label ?? value;

  const values: Record<string, unknown> = { ...resume };
  const textOf = (code: string): string => {
    if (code === 'age') return age;
    if (code === 'archivesStatus') return values.archivesStatus === 1 ? '有' : '无';
    const dictType = DICTIONARY_FIELDS[code];
    const raw = dateText(values[code]);
    return dictType && raw ? labelOf(dictType, raw) : raw;
  };

  const sections: ResumeView['sections'] = [];
  for (const field of fields) {
    if (shown && !shown.has(field.code)) continue;
    let section = sections.find((s) => s.groupName === field.groupName);
    if (!section) {
      section = { groupName: field.groupName, fields: [], lists: [] };
      sections.push(section);
    }
    const columns = LIST_COLUMNS[field.code];
    if (columns) {
      const rows = (values[field.code] as Record<string, unknown>[] | undefined) ?? [];
      section.lists.push({
        code: field.code,
        name: field.name,
        columns,
        rows: rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, String(row[c.key] ?? '')]))),
      });
    } else if (field.code === 'birthday' && !resume.birthday) {
      // hidden birthday: the age instead, unless the age is shown anyway
      const ageField = fields.find((f) => f.code === 'age');
      if (shown && !shown.has('age')) section.fields.push({ code: 'age', name: ageField?.name ?? '年龄', value: age });
    } else if (field.code !== 'certificateImage') {
      section.fields.push({ code: field.code, name: field.name, value: textOf(field.code) });
    }
  }
  const photoShown = !shown || shown.has('certificateImage');
  return { certificateImage: photoShown ? resume.certificateImage : '', sections };
}
