import { describe, expect, it } from 'vitest';
import { TALENT_FIELD_HIDE, TALENT_FIELD_SHOW, isResumeFieldFilled, missingRequiredField, requiredFieldMessage, requiredTemplateFields } from './index.js';

const field = (fieldCode: string, name: string, showStatus: number, required: boolean) => ({ fieldCode, name, showStatus, required });
const template = [
  field('realName', '姓名', TALENT_FIELD_SHOW, true),
  field('graduateSchool', '毕业院校', TALENT_FIELD_SHOW, true),
  field('educationList', '教育经历', TALENT_FIELD_SHOW, true),
  field('age', '年龄', TALENT_FIELD_SHOW, true),
  field('email', '电子邮箱', TALENT_FIELD_SHOW, false),
  // hidden fields are never asked for, whatever their flag says
  field('remarks', '备注', TALENT_FIELD_HIDE, true),
];

describe('a resume template’s required fields', () => {
  it('are the fields it shows and marks 必填', () => {
    expect(requiredTemplateFields(template).map((f) => f.fieldCode)).toEqual(['realName', 'graduateSchool', 'educationList', 'age']);
  });

  it('are filled by text that is not blank, a list with an entry, a number; the age by the identity number', () => {
    expect(isResumeFieldFilled({ graduateSchool: '湘潭大学' }, 'graduateSchool')).toBe(true);
    expect(isResumeFieldFilled({ graduateSchool: '  ' }, 'graduateSchool')).toBe(false);
    expect(isResumeFieldFilled({}, 'graduateSchool')).toBe(false);
    expect(isResumeFieldFilled({ educationList: [] }, 'educationList')).toBe(false);
    expect(isResumeFieldFilled({ educationList: [{ schoolName: '湘潭大学' }] }, 'educationList')).toBe(true);
    expect(isResumeFieldFilled({ workYears: 0 }, 'workYears')).toBe(true);
    expect(isResumeFieldFilled({ joinWorkDate: null }, 'joinWorkDate')).toBe(false);
    expect(isResumeFieldFilled({ birthday: null, identityNo: '43060219960725152X' }, 'age')).toBe(true);
    expect(isResumeFieldFilled({ birthday: null, identityNo: '' }, 'birthday')).toBe(false);
  });

  it('name the first one a resume leaves empty, in the template’s order', () => {
    const complete = { realName: '周晓明', graduateSchool: '湘潭大学', educationList: [{}], identityNo: '43060219960725152X', email: '', remarks: '' };
    expect(missingRequiredField(complete, template)).toBeUndefined();
    const missing = missingRequiredField({ ...complete, graduateSchool: '', educationList: [] }, template);
    expect(missing?.name).toBe('毕业院校');
    expect(requiredFieldMessage(missing!.name)).toBe('请填写毕业院校');
    expect(missingRequiredField({ ...complete, educationList: [] }, template)?.name).toBe('教育经历');
  });
});
