import { describe, expect, it } from 'vitest';
import { chinaDateTimeToDate, savePlan, toChinaDateTime } from './index.js';

describe('China date-times', () => {
  it('reads "YYYY-MM-DD HH:mm" as UTC+8 and writes it back', () => {
    expect(chinaDateTimeToDate('2026-03-01 09:00')).toEqual(new Date('2026-03-01T01:00:00Z'));
    expect(chinaDateTimeToDate('2026-01-01 07:30')).toEqual(new Date('2025-12-31T23:30:00Z'));
    expect(toChinaDateTime(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01 07:30');
  });

  it('refuses dates and times that do not exist', () => {
    for (const bad of ['2026-02-29 09:00', '2026-13-01 09:00', '2026-03-01 24:00', '2026-03-01 09:60', '2026-03-01', '2026-03-01T09:00']) {
      expect(chinaDateTimeToDate(bad)).toBeNull();
    }
  });
});

describe('savePlan input', () => {
  const valid = {
    name: '计划',
    signUpStartDate: '2026-03-01 09:00',
    signUpEndDate: '2026-03-15 17:00',
    writtenStartDate: '2026-03-15 17:00',
    auditionStartDate: '2026-04-01 09:00',
  };
  it('fills the defaults and keeps decimals as strings', () => {
    expect(savePlan.input.parse({ ...valid, writtenFullMarks: 120.5 })).toMatchObject({
      writtenFullMarks: '120.5',
      auditionFullMarks: '100',
      compositeWeight: '0.5',
      interviewEntryRatio: 3,
      registrationFeeY: '0',
    });
  });
});
