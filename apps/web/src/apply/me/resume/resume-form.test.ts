import { RESUME_SECTION_KEYS, identityCheckChar, resumeSectionFields, resumeSectionSchemas } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { ENTRY_LABELS, emptyEntry, entryFieldsOf, fieldLabels, formValuesOf, isListCode, kindOf, sameValues } from './resume-form';
import { derivedFromIdentityNo } from '@zhaokao/contracts';

const withCheck = (first17: string) => first17 + identityCheckChar(first17);

describe('the resume form', () => {
  it('labels every field of every section and every entry field of every list', () => {
    for (const section of RESUME_SECTION_KEYS) {
      const labels = fieldLabels(section);
      for (const code of resumeSectionFields(section)) {
        expect(labels[code], code).toBeTruthy();
        if (isListCode(code)) for (const f of entryFieldsOf(code)) expect(ENTRY_LABELS[code][f], `${code}.${f}`).toBeTruthy();
      }
    }
    expect(kindOf('certificateImage')).toBe('photo');
    expect(kindOf('educationList')).toBe('list');
    expect(kindOf('nation')).toBe('text');
  });

  it('turns the saved resume into form values the section schema accepts', () => {
    const values = formValuesOf('contact', { identityNo: null, workYears: 3, identityDate: '2030-01-01', extra: 'x' });
    expect(values).toEqual({
      documentType: '',
      identityNo: '',
      identityType: '',
      identityDate: '2030-01-01',
      phone: '',
      email: '',
      otherContactInformation: '',
      workYears: '3',
      joinWorkDate: '',
    });
    expect(resumeSectionSchemas.contact.safeParse(values).success).toBe(true);
    expect(formValuesOf('archives', { archivesStatus: 1 }).archivesStatus).toBe(1);
    expect(formValuesOf('archives', {}).archivesStatus).toBe('');
    for (const section of RESUME_SECTION_KEYS) expect(resumeSectionSchemas[section].safeParse(formValuesOf(section, {})).success, section).toBe(true);
  });

  it('keeps list entries with every field as text, and an empty entry names what is missing', () => {
    const values = formValuesOf('educationList', { educationList: [{ schoolName: '北京大学', startTime: '2015-09', extra: 1 }] });
    expect(values.educationList).toEqual([{ startTime: '2015-09', endTime: '', schoolName: '北京大学', education: '', specialty: '', learningStyle: '' }]);
    expect(resumeSectionSchemas.educationList.safeParse(values).success).toBe(true);
    const empty = resumeSectionSchemas.familyList.safeParse({ familyList: [emptyEntry('familyList')] });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues[0]!.path).toEqual(['familyList', 0, 'name']);
    expect(sameValues(values, formValuesOf('educationList', JSON.parse(JSON.stringify(values)) as Record<string, unknown>))).toBe(true);
  });

  it('derives the birthday and the sex from a valid identity number only', () => {
    expect(derivedFromIdentityNo(withCheck('11010519900307001'))).toEqual({ birthday: '1990-03-07', sex: '1' });
    expect(derivedFromIdentityNo(withCheck('11010519851231002').toLowerCase())).toEqual({ birthday: '1985-12-31', sex: '2' });
    expect(derivedFromIdentityNo('110105199003070011')).toBeNull();
    expect(derivedFromIdentityNo('')).toBeNull();
  });
});
