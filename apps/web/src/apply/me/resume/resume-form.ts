import {
  POSITION_STATUS_VALUES, type ResumeSectionKey, TALENT_FIELD_SECTIONS, certificateEntrySchema,
  educationEntrySchema, enclosureEntrySchema, familyEntrySchema, resumeSectionFields, rewardEntrySchema,
  workEntrySchema,
} from '@zhaokao/contracts';

/** Pure parts of the resume form: how each field is edited, labelled and kept while typed. */

export type SectionValues = Record<string, unknown>;
export type ListEntry = Record<string, string>;

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'number'
  | 'tel'
  | 'email'
  | 'sex'
  | 'positionStatus'
  | 'archivesStatus'
  | 'photo'
  | 'identityNo'
  | 'list';

const KINDS: Record<string, FieldKind> = {
  sex: 'sex',
  positionStatus: 'positionStatus',
  archivesStatus: 'archivesStatus',
  certificateImage: 'photo',
  identityNo: 'identityNo',
  birthday: 'date',
  joinPartyDate: 'date',
  contractExpireDate: 'date',
  identityDate: 'date',
  joinWorkDate: 'date',
  workYears: 'number',
  phone: 'tel',
  email: 'email',
  strongPoint: 'textarea',
  personalEvaluation: 'textarea',
  remarks: 'textarea',
};

export const LIST_ENTRY_SCHEMAS = {
  educationList: educationEntrySchema,
  familyList: familyEntrySchema,
  workList: workEntrySchema,
  enclosureList: enclosureEntrySchema,
  certificateList: certificateEntrySchema,
  rewardList: rewardEntrySchema,
} as const;
export type ListCode = keyof typeof LIST_ENTRY_SCHEMAS;
export const isListCode = (code: string): code is ListCode => code in LIST_ENTRY_SCHEMAS;

export const kindOf = (code: string): FieldKind => (isListCode(code) ? 'list' : (KINDS[code] ?? 'text'));

/** The dictionary position_status (seeded in apps/server/src/seed/dicts.ts). */
export const POSITION_STATUS_LABELS: Record<(typeof POSITION_STATUS_VALUES)[number], string> = {
  '1': '在职',
  '2': '离职',
  '3': '待业',
  '4': '应届毕业生',
  '5': '在校学生',
};

/** The labels of the lists' entry fields, in the order the entry schemas name them. */
export const ENTRY_LABELS: Record<ListCode, Record<string, string>> = {
  educationList: { startTime: '开始时间', endTime: '结束时间', schoolName: '学校名称', education: '学历', specialty: '专业', learningStyle: '学习形式' },
  familyList: { name: '姓名', politicalOutlook: '政治面貌', position: '工作单位及职务', birthday: '出生年月' },
  workList: { startTime: '开始时间', endTime: '结束时间', companyName: '工作单位', jobPosition: '职务' },
  enclosureList: { name: '附件名称', image: '附件文件', enclosureDescribe: '附件说明' },
  certificateList: { name: '证书名称', image: '证书图片', skillName: '技能名称', skillLevel: '技能等级', certificationDate: '发证日期' },
  rewardList: { name: '奖惩名称', agencies: '奖惩机构', rewardReasons: '奖惩原因', rewardDate: '奖惩日期' },
};

/** What one entry of a list is called in its buttons ("添加教育经历", "删除第 2 条家庭成员"). */
export const ENTRY_NOUNS: Record<ListCode, string> = {
  educationList: '教育经历',
  familyList: '家庭成员',
  workList: '工作经历',
  enclosureList: '附件',
  certificateList: '证书',
  rewardList: '奖惩情况',
};

export type EntryFieldKind = 'text' | 'textarea' | 'month' | 'files';
const LIST_DATES = new Set(['startTime', 'endTime', 'birthday', 'certificationDate', 'rewardDate']);
export const entryKindOf = (field: string): EntryFieldKind =>
  field === 'image' ? 'files' : LIST_DATES.has(field) ? 'month' : field === 'rewardReasons' || field === 'enclosureDescribe' ? 'textarea' : 'text';

/** The fields of an entry, ordered as the entry's schema names them. */
export const entryFieldsOf = (list: ListCode) => Object.keys(LIST_ENTRY_SCHEMAS[list].shape);

export const emptyEntry = (list: ListCode): ListEntry => Object.fromEntries(entryFieldsOf(list).map((f) => [f, '']));

/** The catalogue's label of a field of a section. */
export function fieldLabels(section: ResumeSectionKey): Record<string, string> {
  const fields: readonly (readonly [string, string])[] = TALENT_FIELD_SECTIONS.find((s) => s.key === section)!.fields;
  return Object.fromEntries(fields);
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A section's values as the form edits them, from the resume as saved (or a kept draft): text for every field,
 * 0/1 or '' for archivesStatus, and for a list its entries with every field as text.
 */
export function formValuesOf(section: ResumeSectionKey, source: Record<string, unknown>): SectionValues {
  return Object.fromEntries(
    resumeSectionFields(section).map((code) => {
      const value = source[code];
      if (isListCode(code)) {
        const entries = Array.isArray(value) ? value : [];
        return [
          code,
          entries.map((entry) => {
            const given = (entry ?? {}) as Record<string, unknown>;
            return Object.fromEntries(entryFieldsOf(code).map((f) => [f, textOf(given[f])]));
          }),
        ];
      }
      if (code === 'archivesStatus') return [code, value === 1 || value === '1' ? 1 : value === 0 || value === '0' ? 0 : ''];
      return [code, textOf(value)];
    }),
  );
}

/** Whether two values of a section (both from `formValuesOf` or edits of them) say the same. */
export const sameValues = (a: SectionValues, b: SectionValues) => JSON.stringify(a) === JSON.stringify(b);

/** Where the unsaved edits of a section are kept in the browser, per candidate. */
export const draftKey = (candidateId: number, section: ResumeSectionKey) => `zk-apply:resume-draft:${candidateId}:${section}`;

/** `HH:mm` of a moment, for 已保存 10:32. */
export const clockOf = (date: Date) => `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
