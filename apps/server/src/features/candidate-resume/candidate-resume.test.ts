import {
  CANDIDATE_TOKEN_HEADER, DEFAULT_PHOTO_RULE, IDENTITY_NO_LOCKED_MESSAGE, candidateResume, identityCheckChar,
  photoRuleText, saveCandidateResume,
} from '@zhaokao/contracts';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateAccount, candidateApplication, candidateFile, candidateResume as resumeTable, recruitmentPlan, talent } from '../../db/tables.js';
import { expectError, useTestApp } from '../../test/app.js';
import { candidateCall, signInCandidate } from '../../test/candidates.js';
import { NOT_OWN_FILE_MESSAGE } from './resume.js';
import { craftedJpeg } from '../../test/jpeg.js';
import { insertPlan } from '../../test/recruitment.js';
import { fileUpload } from '../../test/multipart.js';

const t = useTestApp({ recruitment: true });

const withCheckChar = (first17: string) => `${first17}${identityCheckChar(first17)}`;
const IDENTITY_NO = withCheckChar('43010219900307123');
const WRONG_CHECK_CHAR = `${IDENTITY_NO.slice(0, 17)}${IDENTITY_NO[17] === '0' ? '1' : '0'}`;

const PHOTO = craftedJpeg(DEFAULT_PHOTO_RULE.width, DEFAULT_PHOTO_RULE.height, 30_000);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const save = (token: string, section: string, values: object) => candidateCall(t, saveCandidateResume, { section, values }, { token });
const readResume = async (token: string) => {
  const res = await candidateCall(t, candidateResume, {}, { token });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data as { resume: Record<string, unknown>; identityNoLocked: boolean; updatedAt: string | null };
};
const savedRow = async (candidateId: number) => (await t.db.select().from(resumeTable).where(eq(resumeTable.candidateId, candidateId)))[0] ?? null;

function multipartPost(url: string, fileName: string, content: Buffer, headers: Record<string, string>) {
  const upload = fileUpload(fileName, content);
  return t.app.inject({ method: 'POST', url, headers: { ...upload.headers, ...headers }, payload: upload.payload });
}
const upload = (token: string | undefined, kind: string, fileName: string, content: Buffer, headers: Record<string, string> = {}) =>
  multipartPost(`/api/candidate/upload?kind=${kind}`, fileName, content, { ...(token && { [CANDIDATE_TOKEN_HEADER]: token }), ...headers });
const uploaded = async (token: string, kind: string, fileName: string, content: Buffer) => {
  const res = await upload(token, kind, fileName, content);
  expect(res.json()).toMatchObject({ code: 200, msg: '上传成功' });
  return res.json().data as { url: string; name: string; size: number };
};

let phoneSeq = 0;
/** A new candidate, signed in: its token and account id. */
async function newCandidate() {
  const phone = `1390000${String(++phoneSeq).padStart(4, '0')}`;
  const token = await signInCandidate(t, phone);
  const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.phone, phone));
  return { token, id: account!.id, phone };
}

describe('the resume', () => {
  it('starts empty, with the account’s phone proposed but not saved', async () => {
    const c = await newCandidate();
    expect(await readResume(c.token)).toEqual({ resume: { phone: c.phone }, identityNoLocked: false, updatedAt: null });
    expect(await savedRow(c.id)).toBeNull();
  });

  it('saves sections one at a time and reads them back, empty strings kept', async () => {
    const c = await newCandidate();
    const basic = await save(c.token, 'basic', { realName: '李想', sex: '2', nation: '汉族', birthday: '1990-03-07', joinPartyDate: '' });
    expect(basic.json()).toMatchObject({ code: 200, msg: '保存成功', data: { updatedAt: expect.any(String) } });
    expect(new Date(basic.json().data.updatedAt).toISOString()).toBe(basic.json().data.updatedAt);
    const contact = await save(c.token, 'contact', { identityNo: IDENTITY_NO, phone: '13911112222', email: '', identityDate: '' });
    expect(contact.statusCode).toBe(200);
    const education = [{ startTime: '2008-09', endTime: '2012-06', schoolName: '湖南大学', education: '本科', specialty: '土木工程', learningStyle: '全日制' }];
    expect((await save(c.token, 'educationList', { educationList: education })).statusCode).toBe(200);

    const read = await readResume(c.token);
    expect(read.resume).toMatchObject({
      realName: '李想', sex: '2', nation: '汉族', oldRealName: '', birthday: '1990-03-07', joinPartyDate: '',
      identityNo: IDENTITY_NO, phone: '13911112222', email: '', identityDate: '',
      educationList: education,
    });
    expect(read.identityNoLocked).toBe(false);
    expect(read.updatedAt).toBe((await savedRow(c.id))!.updatedAt.toISOString());

    // Saving a section again replaces its fields and leaves the other sections alone.
    expect((await save(c.token, 'basic', { realName: '李想想', sex: '2' })).statusCode).toBe(200);
    expect((await readResume(c.token)).resume).toMatchObject({ realName: '李想想', identityNo: IDENTITY_NO, educationList: education });
  });

  it('saves a half-filled section', async () => {
    const c = await newCandidate();
    expect((await save(c.token, 'contact', { email: 'lixiang@example.com' })).statusCode).toBe(200);
    const { resume } = await readResume(c.token);
    expect(resume).toMatchObject({ email: 'lixiang@example.com', phone: c.phone });
    expect(resume).not.toHaveProperty('identityNo');
    expect((await savedRow(c.id))!.resume).not.toHaveProperty('phone');
  });

  it('refuses a wrong identity number or e-mail in Chinese and writes nothing', async () => {
    const c = await newCandidate();
    await save(c.token, 'contact', { identityNo: IDENTITY_NO, email: 'a@example.com' });
    const before = await savedRow(c.id);
    expectError(await save(c.token, 'contact', { identityNo: WRONG_CHECK_CHAR }), 400, '身份证号码校验位不正确');
    expectError(await save(c.token, 'contact', { identityNo: IDENTITY_NO, email: 'not-an-address' }), 400, '请输入正确的邮箱地址');
    expectError(await save(c.token, 'nope', {}), 400, '简历栏目不正确');
    expectError(await save(c.token, 'educationList', { educationList: [{ schoolName: '' }] }), 400, '请输入学校名称');
    expect(await savedRow(c.id)).toEqual(before);
  });

  it('keeps the identity number once the account applied as a person', async () => {
    const c = await newCandidate();
    await save(c.token, 'contact', { identityNo: IDENTITY_NO });
    const [person] = await t.db.select({ id: talent.id, identityNo: talent.identityNo }).from(talent).where(ne(talent.identityNo, IDENTITY_NO)).limit(1);
    await t.db.update(candidateAccount).set({ talentId: person!.id }).where(eq(candidateAccount.id, c.id));

    // The saved draft may still differ (it was saved before), but a new number is refused and nothing is written.
    const before = await savedRow(c.id);
    expectError(await save(c.token, 'contact', { identityNo: IDENTITY_NO, email: 'b@example.com' }), 409, IDENTITY_NO_LOCKED_MESSAGE);
    expectError(await save(c.token, 'contact', { identityNo: '', email: 'b@example.com' }), 409, IDENTITY_NO_LOCKED_MESSAGE);
    expect(await savedRow(c.id)).toEqual(before);

    expect((await save(c.token, 'contact', { identityNo: person!.identityNo, email: 'b@example.com' })).statusCode).toBe(200);
    expect((await save(c.token, 'contact', { email: 'c@example.com' })).statusCode).toBe(200);
    expect((await save(c.token, 'basic', { realName: '王五' })).statusCode).toBe(200);
    const read = await readResume(c.token);
    expect(read.identityNoLocked).toBe(true);
    expect(read.resume).toMatchObject({ identityNo: person!.identityNo, email: 'c@example.com', realName: '王五' });
  });

  it('refuses staff tokens and calls without a token', async () => {
    const staff = { headers: { 'x-token': t.admin } };
    for (const res of [
      await candidateCall(t, candidateResume),
      await candidateCall(t, candidateResume, {}, staff),
      await candidateCall(t, saveCandidateResume, { section: 'basic', values: { realName: '张三' } }),
      await candidateCall(t, saveCandidateResume, { section: 'basic', values: { realName: '张三' } }, staff),
      await upload(undefined, 'photo', 'photo.jpg', PHOTO),
      await upload(undefined, 'attachment', 'a.pdf', PDF, { 'x-token': t.admin }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 50008, data: null });
    }
  });
});

const photoRefusal = (detail: string) => `证件照不符合要求（${detail}）：${photoRuleText(DEFAULT_PHOTO_RULE)}`;

describe('uploads', () => {
  it('takes a photo of the rule’s pixels and size, under the candidate’s own key', async () => {
    const c = await newCandidate();
    const file = await uploaded(c.token, 'photo', '证件照.jpg', PHOTO);
    expect(file).toEqual({ url: expect.stringMatching(new RegExp(`^/api/files/c/${c.id}/\\d{6}/[0-9a-f-]{36}\\.jpg$`)), name: '证件照.jpg', size: PHOTO.length });
    const [row] = await t.db.select().from(candidateFile).where(eq(candidateFile.key, file.url.slice('/api/files/'.length)));
    expect(row).toMatchObject({ candidateId: c.id, mime: 'image/jpeg', kind: 'photo', size: PHOTO.length, originalName: '证件照.jpg' });
  });

  it('refuses a photo of other pixels, too small, too large or not a JPEG, naming the rule', async () => {
    const c = await newCandidate();
    const { width, height, minKb, maxKb } = DEFAULT_PHOTO_RULE;
    for (const [content, detail] of [
      [craftedJpeg(width + 1, height, 30_000), `当前为 ${width + 1}×${height} 像素`],
      [craftedJpeg(height, width, 30_000), `当前为 ${height}×${width} 像素`],
      [craftedJpeg(width, height, minKb * 1024 - 1), `小于 ${minKb} KB`],
      [craftedJpeg(width, height, maxKb * 1024 + 1), `超过 ${maxKb} KB`],
      [PNG_1X1, '不是 JPG 格式'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x02]), Buffer.alloc(20_000)]), '无法读取图片尺寸'],
    ] as const) {
      expectError(await upload(c.token, 'photo', 'photo.jpg', content), 400, photoRefusal(detail));
    }
    expect(await t.db.select().from(candidateFile).where(eq(candidateFile.candidateId, c.id))).toEqual([]);
  });

  it("checks the photo against the rule of the plan it is uploaded for, and knows no unpublished plan", async () => {
    const c = await newCandidate();
    const { plan } = await insertPlan(t.db, t.company1, { name: '照片另有要求的计划' });
    await t.db.update(recruitmentPlan).set({ photoWidth: 358, photoHeight: 441, photoMinKb: 20, photoMaxKb: 60 }).where(eq(recruitmentPlan.id, plan.id));
    const rule = { width: 358, height: 441, minKb: 20, maxKb: 60 };
    const sized = await upload(c.token, `photo&planId=${plan.id}`, 'photo.jpg', craftedJpeg(358, 441, 40_000));
    expect(sized.json()).toMatchObject({ code: 200, msg: '上传成功' });
    expectError(
      await upload(c.token, `photo&planId=${plan.id}`, 'photo.jpg', PHOTO),
      400,
      `证件照不符合要求（当前为 ${DEFAULT_PHOTO_RULE.width}×${DEFAULT_PHOTO_RULE.height} 像素）：${photoRuleText(rule)}`,
    );
    const { plan: draft } = await insertPlan(t.db, t.company1, { name: '草稿计划', status: 'draft' });
    expectError(await upload(c.token, `photo&planId=${draft.id}`, 'photo.jpg', PHOTO), 404, '招录计划不存在或尚未发布');
    expect(await t.db.select().from(candidateFile).where(eq(candidateFile.candidateId, c.id))).toHaveLength(1);
  });

  it('takes JPG, PNG and PDF attachments up to 5 MB, and nothing else', async () => {
    const c = await newCandidate();
    expect(await uploaded(c.token, 'attachment', '学位证.pdf', PDF)).toMatchObject({ name: '学位证.pdf', url: expect.stringMatching(/\.pdf$/) });
    expect(await uploaded(c.token, 'attachment', 'scan.png', PNG_1X1)).toMatchObject({ url: expect.stringMatching(/\.png$/) });
    expect(await uploaded(c.token, 'attachment', 'scan.jpeg', PHOTO)).toMatchObject({ url: expect.stringMatching(/\.jpg$/) });
    expectError(await upload(c.token, 'attachment', 'x.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)])), 400, '附件只能是 JPG、PNG 或 PDF 文件');
    expectError(await upload(c.token, 'attachment', 'x.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)])), 400, '附件只能是 JPG、PNG 或 PDF 文件');
    expectError(await upload(c.token, 'attachment', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)])), 400, '附件大小不能超过 5 MB');
    expectError(await upload(c.token, 'other', 'a.pdf', PDF), 400, '上传类型不正确');
    expect(await t.db.select().from(candidateFile).where(eq(candidateFile.candidateId, c.id))).toHaveLength(3);
  });
});

describe('files in the resume', () => {
  it('takes only the candidate’s own uploads', async () => {
    const mine = await newCandidate();
    const other = await newCandidate();
    const myPhoto = (await uploaded(mine.token, 'photo', 'me.jpg', PHOTO)).url;
    const myScan = (await uploaded(mine.token, 'attachment', 'scan.pdf', PDF)).url;
    const theirPhoto = (await uploaded(other.token, 'photo', 'them.jpg', PHOTO)).url;
    const staffFile = '/api/files/1/202401/00000000-0000-0000-0000-000000000000.jpg';

    for (const values of [
      { certificateImage: theirPhoto },
      { certificateImage: `${myPhoto},${theirPhoto}` },
      { certificateImage: 'https://example.com/photo.jpg' },
      { certificateImage: staffFile },
      { certificateImage: '/api/files/c/999999/202401/nothing.jpg' },
    ]) {
      expectError(await save(mine.token, 'basic', values), 400, NOT_OWN_FILE_MESSAGE);
    }
    expectError(await save(mine.token, 'certificateList', { certificateList: [{ name: '教师资格证', image: theirPhoto }] }), 400, NOT_OWN_FILE_MESSAGE);
    expectError(await save(mine.token, 'enclosureList', { enclosureList: [{ name: '学位证', image: myScan }, { name: '其他', image: theirPhoto }] }), 400, NOT_OWN_FILE_MESSAGE);
    expect(await savedRow(mine.id)).toBeNull();

    expect((await save(mine.token, 'basic', { realName: '张三', certificateImage: myPhoto })).statusCode).toBe(200);
    expect((await save(mine.token, 'certificateList', { certificateList: [{ name: '教师资格证', image: `${myPhoto},${myScan}` }] })).statusCode).toBe(200);
    expect((await save(mine.token, 'enclosureList', { enclosureList: [{ name: '学位证', image: myScan }, { name: '说明', image: '' }] })).statusCode).toBe(200);
    expect((await readResume(mine.token)).resume).toMatchObject({
      certificateImage: myPhoto,
      certificateList: [{ name: '教师资格证', image: `${myPhoto},${myScan}` }],
      enclosureList: [{ name: '学位证', image: myScan }, { name: '说明', image: '' }],
    });
  });

  it('serves a file to its candidate and to the units the person applied to, and to nobody else', async () => {
    // A person who applied to company 1 and never to company 2.
    const appliedToCompany2 = t.db.select({ id: candidateApplication.talentId }).from(candidateApplication).where(eq(candidateApplication.companyId, t.company2));
    const [applicant] = await t.db
      .select({ talentId: candidateApplication.talentId })
      .from(candidateApplication)
      .where(
        and(
          eq(candidateApplication.companyId, t.company1),
          notInArray(candidateApplication.talentId, appliedToCompany2),
          sql`not exists (select 1 from candidate_account a where a.talent_id = ${candidateApplication.talentId})`,
        ),
      )
      .limit(1);
    expect(applicant).toBeDefined();
    const owner = await newCandidate();
    const other = await newCandidate();
    const url = (await uploaded(owner.token, 'photo', 'me.jpg', PHOTO)).url;
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const missing = (res: Awaited<ReturnType<typeof get>>) => expectError(res, 404, '文件不存在');

    const own = await get({ [CANDIDATE_TOKEN_HEADER]: owner.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PHOTO)).toBe(true);

    // Not yet linked to a person: no unit sees it.
    missing(await get({ 'x-token': t.admin }));
    await t.db.update(candidateAccount).set({ talentId: applicant!.talentId }).where(eq(candidateAccount.id, owner.id));
    expect((await get({ 'x-token': t.admin })).statusCode).toBe(200);

    missing(await get({ [CANDIDATE_TOKEN_HEADER]: other.token }));
    missing(await get({ 'x-token': t.hospital }));
    missing(await get({}));
    missing(await get({ [CANDIDATE_TOKEN_HEADER]: 'not-a-token', 'x-token': 'not-a-token' }));
    missing(await t.app.inject({ method: 'GET', url: `${url.slice(0, -4)}0.jpg`, headers: { [CANDIDATE_TOKEN_HEADER]: owner.token } }));
  });

  it('still serves the companies’ files as before', async () => {
    const res = await multipartPost('/api/admin/qiniu/imageUpload', 'logo.png', PNG_1X1, { 'x-token': t.admin });
    expect(res.json()).toMatchObject({ code: 200 });
    const url = res.json().data.url as string;
    expect((await t.get(url, t.admin)).statusCode).toBe(200);
    expectError(await t.get(url, t.hospital), 404, '文件不存在');
    expect((await t.get(url)).json()).toMatchObject({ code: 50008 });
  });
});
