// runs on PostgreSQL too: deletes at once, two departments moved under each other at once
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recruitmentInfo, recruitmentPlan, staffUser, sysOrg } from '../../db/tables.js';
import { atOnce, expectNoSession, expectOneSucceeded, expectOthersNotFound, expectRefusedUnchanged, savedId, useTestApp, warmUp } from '../../test/app.js';

const t = useTestApp();

const tree = async (token: string) => {
  const res = await t.post('/api/company/sysOrg/treeList', token);
  expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
  return res.json().data;
};
const save = (token: string, payload: object) => t.post('/api/company/sysOrg/save', token, payload);
const remove = (token: string, id: number | string) => t.post(`/api/company/sysOrg/delete/${id}`, token);
/** Adds a department and answers its id. */
const add = async (token: string, name: string, parentId: number | null = null, sort = 0) => {
  const res = await save(token, { name, parentId, sort });
  return savedId(res);
};
const orgRows = async () =>
  (await t.db.select().from(sysOrg).orderBy(asc(sysOrg.id))).map((r) => {
    const { createdAt: _, ...row } = r;
    return row;
  });
const orgRow = async (id: number) => (await orgRows()).find((r) => r.id === id);
/** A tree node as the server answers it, with no staff and no posts unless told. */
const node = (
  id: number,
  parentId: number | null,
  name: string,
  sort: number,
  children: object[] = [],
  staffCount = 0,
) => ({ id, parentId, name, sort, staffCount, postCount: 0, children });

// Company 1's departments, built by the first test.
let hq: number; // 总部, sort 2
let branch: number; // 分公司, sort 1
let hr: number; // 总部 > 人事部, sort 5
let finance: number; // 总部 > 财务部, sort 5 (added after 人事部)
let recruiting: number; // 总部 > 人事部 > 招聘组
let theirs: number; // company 2's 护理部

describe('treeList and adding departments', () => {
  it('starts empty', async () => {
    expect(await tree(t.admin)).toEqual([]);
  });

  it('builds nested children ordered by sort, then by when they were added', async () => {
    hq = await add(t.admin, ' 总部 ', null, 2);
    branch = await add(t.admin, '分公司', null, 1);
    hr = await add(t.admin, '人事部', hq, 5);
    finance = await add(t.admin, '财务部', hq, 5);
    recruiting = await add(t.admin, '招聘组', hr);
    const audit = await add(t.admin, '审计部', hq, 0);
    expect(await tree(t.admin)).toEqual([
      node(branch, null, '分公司', 1),
      node(hq, null, '总部', 2, [
        node(audit, hq, '审计部', 0),
        node(hr, hq, '人事部', 5, [node(recruiting, hr, '招聘组', 0)]),
        node(finance, hq, '财务部', 5),
      ]),
    ]);
    expect(await orgRow(hq)).toEqual({ id: hq, companyId: t.company1, parentId: null, name: '总部', sort: 2 });
    expect(await orgRow(recruiting)).toEqual({ id: recruiting, companyId: t.company1, parentId: hr, name: '招聘组', sort: 0 });
    expect((await remove(t.admin, audit)).json().code).toBe(200);
  });

  it('shows how many staff each department has, and is readable without org:manage', async () => {
    await t.db.update(staffUser).set({ departmentId: recruiting }).where(eq(staffUser.loginAccount, 'shenhe'));
    const shown = await tree(t.shenhe);
    expect(shown[1].children[0].children[0]).toEqual(node(recruiting, hr, '招聘组', 0, [], 1));
    await t.db.update(staffUser).set({ departmentId: null }).where(eq(staffUser.loginAccount, 'shenhe'));
  });

  it("keeps each company's tree to itself", async () => {
    theirs = await add(t.hospital, '护理部');
    expect(await tree(t.hospital)).toEqual([node(theirs, null, '护理部', 0)]);
    expect(JSON.stringify(await tree(t.admin))).not.toContain('护理部');
    expect(await orgRow(theirs)).toEqual({ id: theirs, companyId: t.company2, parentId: null, name: '护理部', sort: 0 });
  });

  it('allows the same name under different parents and in another company', async () => {
    const a = await add(t.admin, '综合组', hr);
    const b = await add(t.admin, '综合组', finance);
    const c = await add(t.hospital, '总部');
    for (const id of [a, b]) expect((await remove(t.admin, id)).json().code).toBe(200);
    expect((await remove(t.hospital, c)).json().code).toBe(200);
  });

  it('answers 50008 without a token', async () => {
    const res = await t.post('/api/company/sysOrg/treeList');
    expectNoSession(res);
  });
});

describe('save: rename and move', () => {
  it('renames a department and re-sorts it, keeping its place', async () => {
    const res = await save(t.admin, { id: finance, name: '计划财务部', parentId: hq, sort: 1 });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: finance } });
    expect(await orgRow(finance)).toEqual({ id: finance, companyId: t.company1, parentId: hq, name: '计划财务部', sort: 1 });
    const [, top] = await tree(t.admin);
    expect(top.children.map((c: { name: string }) => c.name)).toEqual(['计划财务部', '人事部']);
  });

  it('moves a department with its sub-departments under another parent, and back to the top', async () => {
    expect((await save(t.admin, { id: hr, name: '人事部', parentId: branch, sort: 5 })).json().code).toBe(200);
    expect(await tree(t.admin)).toEqual([
      node(branch, null, '分公司', 1, [node(hr, branch, '人事部', 5, [node(recruiting, hr, '招聘组', 0)])]),
      node(hq, null, '总部', 2, [node(finance, hq, '计划财务部', 1)]),
    ]);
    expect((await save(t.admin, { id: hr, name: '人事部', parentId: null, sort: 0 })).json().code).toBe(200);
    expect(await orgRow(hr)).toEqual({ id: hr, companyId: t.company1, parentId: null, name: '人事部', sort: 0 });
    expect((await tree(t.admin)).map((n: { name: string }) => n.name)).toEqual(['人事部', '分公司', '总部']);
    // Back where it was, for the tests below.
    expect((await save(t.admin, { id: hr, name: '人事部', parentId: hq, sort: 5 })).json().code).toBe(200);
  });

  it('refuses to move a department under itself or its own descendant, and changes nothing', async () => {
    for (const parentId of [hq, hr, recruiting]) {
      await expectRefusedUnchanged(orgRows, () => save(t.admin, { id: hq, name: '总部', parentId, sort: 2 }), 400, '不能把部门移动到它自己或它的下级部门之下');
    }
    const before = await orgRows();
    const self = await save(t.admin, { id: recruiting, name: '招聘组', parentId: recruiting });
    expect(self.json().msg).toBe('不能把部门移动到它自己或它的下级部门之下');
    expect(await orgRows()).toEqual(before);
  });

  it('refuses a duplicate sibling name with 409, among top-level departments too, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ name: '计划财务部', parentId: hq }, '同一上级下已有名为“计划财务部”的部门'],
      [{ name: '总部', parentId: null }, '同一上级下已有名为“总部”的部门'],
      [{ name: ' 分公司 ' }, '同一上级下已有名为“分公司”的部门'],
      [{ id: hr, name: '计划财务部', parentId: hq, sort: 5 }, '同一上级下已有名为“计划财务部”的部门'],
      [{ id: branch, name: '总部', parentId: null, sort: 1 }, '同一上级下已有名为“总部”的部门'],
    ];
    await add(t.admin, '招聘组', hq);
    cases.push([{ id: recruiting, name: '招聘组', parentId: hq }, '同一上级下已有名为“招聘组”的部门']);
    for (const [payload, msg] of cases) {
      await expectRefusedUnchanged(orgRows, () => save(t.admin, payload), 409, msg);
    }
    const extra = (await orgRows()).find((r) => r.name === '招聘组' && r.parentId === hq)!;
    expect((await remove(t.admin, extra.id)).json().code).toBe(200);
  });

  it('refuses a parent that does not exist or belongs to another company', async () => {
    for (const payload of [
      { name: '新部门', parentId: theirs },
      { name: '新部门', parentId: 999999 },
      { id: hr, name: '人事部', parentId: theirs, sort: 5 },
    ]) {
      await expectRefusedUnchanged(orgRows, () => save(t.admin, payload), 400, '上级部门不存在');
    }
  });

  it("answers 404 for another company's department or an unknown one, and leaves it unchanged", async () => {
    await expectOthersNotFound(t, (token, id) => save(token, { id, name: '改名了', parentId: null }), { mine: hr, theirs }, '部门不存在', orgRows);
  });

  const badInputs: [string, object, string][] = [
    ['no name', {}, '请输入部门名称'],
    ['a blank name', { name: '   ' }, '请输入部门名称'],
    ['a name of 31 characters', { name: '部'.repeat(31) }, '部门名称最长 30 个字'],
    ['a name that is not text', { name: 42 }, '请输入部门名称'],
    ['a sort that is not a number', { name: '新部门', sort: 'abc' }, '排序必须是数字'],
    ['a fractional sort', { name: '新部门', sort: 1.5 }, '排序必须是整数'],
    ['a negative sort', { name: '新部门', sort: -1 }, '排序不能小于 0'],
    ['a sort above 9999', { name: '新部门', sort: 10000 }, '排序不能大于 9999'],
    ['a parent id that is not a number', { name: '新部门', parentId: 'abc' }, '上级部门编号必须是数字'],
    ['a parent id of 0', { name: '新部门', parentId: 0 }, '上级部门编号必须是正数'],
    ['an id that is not a number', { id: 'abc', name: '新部门' }, '部门编号必须是数字'],
    ['a fractional id', { id: 1.5, name: '新部门' }, '部门编号必须是整数'],
    ['a negative id', { id: -3, name: '新部门' }, '部门编号必须是正数'],
    ['an id beyond the integer range', { id: 2147483648, name: '新部门' }, '部门编号不正确'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectRefusedUnchanged(orgRows, () => save(t.admin, payload), 400, msg);
    });
  }

  it('refuses a user without org:manage with 403 and changes nothing', async () => {
    for (const payload of [{ name: '审核员的部门' }, { id: hr, name: '审核员改名', parentId: null }]) {
      await expectRefusedUnchanged(orgRows, () => save(t.shenhe, payload), 403, '您没有执行该操作的权限');
    }
  });
});

describe('delete', () => {
  it('refuses a department that still has sub-departments, and changes nothing', async () => {
    await expectRefusedUnchanged(orgRows, () => remove(t.admin, hq), 409, '“总部”下还有 2 个下级部门，请先删除或移走下级部门');
  });

  it('refuses a department that still has staff, and changes nothing', async () => {
    await t.db.update(staffUser).set({ departmentId: finance }).where(eq(staffUser.companyId, t.company1));
    await expectRefusedUnchanged(orgRows, () => remove(t.admin, finance), 409, '“计划财务部”还有 2 名工作人员，请先调整他们的部门');
    await t.db.update(staffUser).set({ departmentId: null }).where(eq(staffUser.companyId, t.company1));
  });

  it("answers 404 for another company's department or an unknown one, and leaves it in place", async () => {
    await expectOthersNotFound(t, remove, { mine: recruiting, theirs }, '部门不存在', orgRows);
  });

  it('refuses a bad id with its Chinese message', async () => {
    for (const [id, msg] of [
      ['abc', '部门编号必须是数字'],
      ['0', '部门编号必须是正数'],
      ['1.5', '部门编号必须是整数'],
      ['2147483648', '部门编号不正确'],
    ]) {
      await expectRefusedUnchanged(orgRows, () => remove(t.admin, id!), 400, msg!);
    }
  });

  it('refuses a user without org:manage with 403 and changes nothing', async () => {
    await expectRefusedUnchanged(orgRows, () => remove(t.shenhe, recruiting), 403, '您没有执行该操作的权限');
  });

  it('deletes empty departments, leaf first, until the parent is empty too', async () => {
    const before = await orgRows();
    const res = await remove(t.admin, recruiting);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await orgRows()).toEqual(before.filter((r) => r.id !== recruiting));

    expect((await remove(t.admin, hq)).json().msg).toBe('“总部”下还有 2 个下级部门，请先删除或移走下级部门');
    for (const id of [hr, finance, hq]) expect((await remove(t.admin, id)).json().code).toBe(200);
    expect(await tree(t.admin)).toEqual([node(branch, null, '分公司', 1)]);
    // Company 2's department is still there.
    expect(await orgRow(theirs)).toEqual({ id: theirs, companyId: t.company2, parentId: null, name: '护理部', sort: 0 });
  });
});

describe('departments used by recruitment posts', () => {
  it('counts posts per department and refuses deleting one while posts use it, changing nothing', async () => {
    const used = await add(t.admin, '招聘中心');
    const spare = await add(t.admin, '备用部门');
    const [plan] = await t.db
      .insert(recruitmentPlan)
      .values({
        companyId: t.company1,
        name: '春季招聘',
        signUpStartDate: new Date('2026-03-01T01:00:00Z'),
        signUpEndDate: new Date('2026-03-15T09:00:00Z'),
        writtenStartDate: new Date('2026-03-28T01:00:00Z'),
        auditionStartDate: new Date('2026-04-10T01:00:00Z'),
      })
      .returning();
    const posts = await t.db
      .insert(recruitmentInfo)
      .values([
        { companyId: t.company1, planId: plan!.id, departmentId: used, jobVacancy: '会计', places: 1 },
        { companyId: t.company1, planId: plan!.id, departmentId: used, jobVacancy: '出纳', places: 2 },
      ])
      .returning();
    const nodes = await tree(t.admin);
    expect(nodes.find((n: { id: number }) => n.id === used)).toEqual({ ...node(used, null, '招聘中心', 0), postCount: 2 });
    expect(nodes.find((n: { id: number }) => n.id === spare).postCount).toBe(0);

    await expectRefusedUnchanged(orgRows, () => remove(t.admin, used), 409, '“招聘中心”下还有 2 个招录岗位，请先调整岗位的部门');

    await t.db.update(recruitmentInfo).set({ departmentId: spare }).where(eq(recruitmentInfo.id, posts[0]!.id));
    expect((await remove(t.admin, used)).json().msg).toBe('“招聘中心”下还有 1 个招录岗位，请先调整岗位的部门');
    await t.db.update(recruitmentInfo).set({ departmentId: spare }).where(eq(recruitmentInfo.planId, plan!.id));
    expect((await remove(t.admin, used)).json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await orgRow(used)).toBeUndefined();
    expect((await tree(t.admin)).find((n: { id: number }) => n.id === spare).postCount).toBe(2);
  });
});

describe('at the same moment', () => {
  it('deletes a department once when asked many times at once; the other calls answer 404', async () => {
    const id = await add(t.admin, '临时部门');
    await warmUp(() => tree(t.admin));
    const answers = await atOnce(20, () => remove(t.admin, id));
    expectOneSucceeded(answers, 404, '部门不存在');
    expect(await orgRow(id)).toBeUndefined();
  });

  it('never lets two departments be moved under each other at once', async () => {
    const east = await add(t.admin, '华东区');
    const west = await add(t.admin, '华西区');
    await warmUp(() => tree(t.admin));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? save(t.admin, { id: east, name: '华东区', parentId: west }) : save(t.admin, { id: west, name: '华西区', parentId: east }),
      ),
    );
    for (const res of answers) {
      expect([200, 400]).toContain(res.json().code);
      if (res.json().code === 400) expect(res.json().msg).toBe('不能把部门移动到它自己或它的下级部门之下');
    }
    const [eastRow, westRow] = [await orgRow(east), await orgRow(west)];
    expect([eastRow!.parentId, westRow!.parentId]).toContain(null);
    // both are still in the tree, one under the other
    const top = (await tree(t.admin)).find((n: { id: number }) => n.id === east || n.id === west);
    expect(top.children.map((n: { id: number }) => n.id)).toEqual([top.id === east ? west : east]);
  });
});
