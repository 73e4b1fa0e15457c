// runs on PostgreSQL too: one template saved and deleted by calls at once
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { talentTemplate } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { settings, templateCalls } from './talent-template.support.js';

const t = useTestApp();
const { templateList, saveTemplate, deleteTemplate, templateRow } = templateCalls(t);

describe('at the same moment', () => {
  it('adds one template when the same new name is saved many times at once; the others answer 409', async () => {
    await warmUp(() => templateList(t.hospital));
    const answers = await atOnce(20, () => saveTemplate(t.hospital, { name: '并发模板', fields: settings() }));
    const codes = answers.map((res) => res.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.db
      .select()
      .from(talentTemplate)
      .where(and(eq(talentTemplate.companyId, t.company2), eq(talentTemplate.name, '并发模板')));
    expect(rows).toHaveLength(1);
  });

  it('deletes a template once when asked many times at once; the other calls answer 404', async () => {
    const [template] = await t.db.insert(talentTemplate).values({ companyId: t.company2, name: '并发删除模板' }).returning();
    await warmUp(() => templateList(t.hospital));
    const answers = await atOnce(20, () => deleteTemplate(t.hospital, template!.id));
    expectOneSucceeded(answers, 404, '简历模板不存在');
    expect(await templateRow(template!.id)).toBeUndefined();
  });
});
