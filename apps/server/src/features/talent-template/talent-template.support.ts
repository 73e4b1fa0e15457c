import { eq } from 'drizzle-orm';
import { talentTemplate } from '../../db/tables.js';
import { TALENT_FIELDS } from '../../seed/talent-fields.js';
import type { TestApp } from '../../test/app.js';

export const FIXED = ['realName', 'identityNo', 'phone'];

/** A setting for every catalogue field: shown, the fixed ones required; `overrides` by code. */
export function settings(overrides: Record<string, { showStatus?: number; required?: boolean } | null> = {}) {
  return TALENT_FIELDS.flatMap((f) => {
    const override = overrides[f.code];
    if (override === null) return [];
    return [{ fieldCode: f.code, showStatus: 1, required: FIXED.includes(f.code), ...override }];
  });
}

/** The template calls and rows that talent-template.test.ts and talent-template.concurrency.test.ts both use. */
export function templateCalls(t: TestApp) {
  return {
    templateList: (token: string) => t.post('/api/talent/talentTemplate/allList', token),
    saveTemplate: (token: string, payload: object) => t.post('/api/talent/talentTemplate/save', token, payload),
    deleteTemplate: (token: string, id: number | string) => t.post(`/api/talent/talentTemplate/delete/${id}`, token),
    templateRow: async (id: number) => {
      const [row] = await t.db.select().from(talentTemplate).where(eq(talentTemplate.id, id));
      if (!row) return undefined;
      const { createdAt: _, ...rest } = row;
      return rest;
    },
  };
}
