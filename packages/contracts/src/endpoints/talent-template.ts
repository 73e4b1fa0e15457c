import { z } from 'zod';
import { requiredText } from '../validation.js';
import { allListEndpoint, deleteById, getEndpoint, idOf, idOutput, postEndpoint } from '../api.js';

/** SPEC §6: showStatus 1 shows the field on the resume, 0 leaves it blank. */
export const TALENT_FIELD_SHOW = 1;
export const TALENT_FIELD_HIDE = 0;

/**
 * Fields an application cannot do without (the application keeps name, identity number and phone as
 * they were at sign-up): every template shows them and asks for them.
 */
export const TALENT_TEMPLATE_FIXED_FIELDS: readonly string[] = ['realName', 'identityNo', 'phone'];

/** One resume field of the platform catalogue (SPEC §3 TalentInfo and its lists). */
export const talentFieldRow = z.object({
  code: z.string(),
  name: z.string(),
  groupName: z.string(),
  sort: z.number().int(),
});
export type TalentFieldRow = z.infer<typeof talentFieldRow>;

export const talentFieldList = allListEndpoint('/talent/talentField/allList', talentFieldRow);

export const talentTemplateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** How many fields it shows, and how many of those it asks for. */
  shownCount: z.number().int(),
  requiredCount: z.number().int(),
  /** How many of the company's posts use it. */
  postCount: z.number().int(),
  createdAt: z.string(),
});
export type TalentTemplateRow = z.infer<typeof talentTemplateRow>;

export const talentTemplateList = allListEndpoint('/talent/talentTemplate/allList', talentTemplateRow);

/** SPEC §3 "Template field setting", with the catalogue's name and section for display. */
export const talentTemplateFieldRow = z.object({
  fieldCode: z.string(),
  showStatus: z.number().int(),
  required: z.boolean(),
  ...talentFieldRow.pick({ name: true, groupName: true, sort: true }).shape,
});
export type TalentTemplateFieldRow = z.infer<typeof talentTemplateFieldRow>;

/** Every catalogue field, in catalogue order; a field the template has no setting for is hidden. */
export const talentTemplateExpand = getEndpoint('/talent/talentTemplateExpand/templateExpand/:templateId', {
  input: z.object({ templateId: idOf('简历模板') }),
  output: z.array(talentTemplateFieldRow),
});

export const talentTemplateFieldSetting = z.object({
  fieldCode: z.string({ error: '字段编码不正确' }).trim().min(1, '字段编码不正确').max(60, '字段编码不正确'),
  showStatus: z.union([z.literal(TALENT_FIELD_HIDE), z.literal(TALENT_FIELD_SHOW)], { error: '显示状态不正确' }),
  required: z.boolean({ error: '必填状态不正确' }).default(false),
});

/** Name, remark and a setting for every catalogue field: unknown, repeated or missing codes are refused. */
export const saveTalentTemplate = postEndpoint('/talent/talentTemplate/save', {
  permissions: ['plan:edit'],
  input: z.object({
    id: idOf('简历模板').optional(),
    name: requiredText('模板名称', 30),
    remark: z.string({ error: '备注必须是文字' }).trim().max(200, '备注最长 200 个字').default(''),
    fields: z
      .array(talentTemplateFieldSetting, { error: '请设置模板字段' })
      .min(1, '请设置模板字段')
      .max(200, '模板字段过多')
      .superRefine((fields, ctx) => {
        const seen = new Set<string>();
        for (const f of fields) {
          if (seen.has(f.fieldCode)) {
            ctx.addIssue({ code: 'custom', message: `字段“${f.fieldCode}”重复设置` });
            return;
          }
          seen.add(f.fieldCode);
        }
      }),
  }),
  output: idOutput,
});

export const deleteTalentTemplate = deleteById('/talent/talentTemplate/delete/:id', '简历模板', 'plan:edit');

/** A template's setting of one field with the catalogue's name, as the required-field rule reads it. */
export interface TemplateFieldRule {
  fieldCode: string;
  name: string;
  showStatus: number;
  required: boolean;
}

/** The fields a template requires (必填): those it shows and asks for, in the order given. */
export const requiredTemplateFields = <F extends TemplateFieldRule>(fields: readonly F[]): F[] =>
  fields.filter((f) => f.showStatus === TALENT_FIELD_SHOW && f.required);

const hasValue = (value: unknown) =>
  Array.isArray(value)
    ? value.length > 0
    : typeof value === 'string'
      ? value.trim() !== ''
      : typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;

/**
 * Whether a resume (the apply form's values, or the resume as parsed) gives a value for a field: text that is not
 * blank, a date, a list with an entry. A number (工作年限, 是否有人事档案) always has one; the birthday and the age
 * follow from the identity number when not given.
 */
export function isResumeFieldFilled(resume: Record<string, unknown>, code: string): boolean {
  if (code === 'birthday' || code === 'age') return hasValue(resume.birthday) || hasValue(resume.identityNo);
  return hasValue(resume[code]);
}

/** The first field the template requires that the resume leaves empty; undefined when the resume is complete. */
export const missingRequiredField = <F extends TemplateFieldRule>(resume: Record<string, unknown>, fields: readonly F[]): F | undefined =>
  requiredTemplateFields(fields).find((f) => !isResumeFieldFilled(resume, f.fieldCode));

/** The answer to a resume that leaves a required field empty: 请填写毕业院校. */
export const requiredFieldMessage = (name: string) => `请填写${name}`;
