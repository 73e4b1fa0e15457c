import { companyUnitList, switchCompany } from '@zhaokao/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app.js';

/** A unit named after a city, with an administrator whose account is `account`. */
export const newUnit = (city: string, account = `unit_${Math.random().toString(36).slice(2, 10)}`) => ({
  name: `湘江人力资源服务集团${city}分公司`,
  industry: 'hr_service',
  address: '湖南省某市某路 1 号',
  adminLoginAccount: account,
  adminName: '刘洋',
  adminPhone: '13800001111',
  adminPassword: 'Unit2026pass',
});

/** The unit calls that units.test.ts and units.concurrency.test.ts both use. */
export function unitCalls(t: TestApp) {
  return {
    list: async (token: string) => {
      const res = await t.call(companyUnitList, {}, { token });
      expect(res.status).toBe(200);
      return res.data;
    },
    switchTo: (token: string, companyId: number) => t.call(switchCompany, { companyId }, { token }),
  };
}
