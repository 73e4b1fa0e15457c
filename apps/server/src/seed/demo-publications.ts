import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { company, companyPublication, recruitmentPlan, staffUser } from '../db/tables.js';
import { cleanContent } from '../features/publication/sanitize.js';

/**
 * The demo's 公示公告 and 新闻 (DESIGN §10): a published notice of the company's newest plan (or of the whole
 * company when it has none), a draft notice and a published news item. Content goes through the server's sanitiser
 * as the editor's does.
 */
export async function seedDemoPublications(db: Db, companyId: number, loginAccount: string) {
  const [comp] = await db.select({ name: company.name }).from(company).where(eq(company.id, companyId));
  const [author] = await db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.companyId, companyId), eq(staffUser.loginAccount, loginAccount)));
  const [plan] = await db
    .select({ id: recruitmentPlan.id, name: recruitmentPlan.name })
    .from(recruitmentPlan)
    .where(eq(recruitmentPlan.companyId, companyId))
    .orderBy(desc(recruitmentPlan.id))
    .limit(1);
  const name = comp!.name;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);
  const planName = plan?.name ?? `${name}公开招聘`;

  await db.insert(companyPublication).values([
    {
      companyId,
      kind: 'notice',
      recruitmentId: plan?.id ?? null,
      title: `${planName}公告`,
      content: cleanContent(
        `<h2 style="text-align: center">${planName}公告</h2>
        <p>根据工作需要，经研究决定，${name}面向社会公开招聘工作人员。现将有关事项公告如下：</p>
        <h3>一、报名条件</h3>
        <ol><li>具有中华人民共和国国籍，遵守宪法和法律；</li><li>具有良好的品行和适应岗位要求的身体条件；</li><li>具备岗位所需的学历、专业及其他条件。</li></ol>
        <h3>二、报名方式</h3>
        <p>本次招聘采取网上报名方式，报名人员请在报名期间登录招考平台填写报名信息并上传相关材料。</p>
        <p><strong>咨询电话：</strong>0731-84561234（工作日 9:00—17:00）</p>`,
      ),
      status: 'published',
      top: true,
      publishedAt: daysAgo(10),
      createdBy: author?.id ?? null,
      createdAt: daysAgo(11),
      updatedAt: daysAgo(10),
    },
    {
      companyId,
      kind: 'notice',
      title: '笔试考场安排及注意事项（草稿）',
      content: cleanContent(
        `<p>笔试考场安排将于考试前一周在本页公布，请考生及时关注。</p>
        <table><thead><tr><th>考场</th><th>地点</th></tr></thead><tbody><tr><td>第一考场</td><td>待定</td></tr></tbody></table>`,
      ),
      status: 'draft',
      createdBy: author?.id ?? null,
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
    {
      companyId,
      kind: 'news',
      title: `${name}召开年度人才招聘工作部署会`,
      summary: '会议总结了上一年度招聘工作，部署了本年度公开招聘的重点任务。',
      content: cleanContent(
        `<p>近日，${name}召开年度人才招聘工作部署会。会议总结了上一年度招聘工作取得的成效，分析了当前人才队伍建设面临的形势。</p>
        <p>会议强调，要坚持<strong>公开、平等、竞争、择优</strong>的原则，严格招聘程序，强化考务管理，确保招聘工作规范有序。</p>
        <blockquote>招聘工作事关单位长远发展，要把好人才入口关。</blockquote>`,
      ),
      status: 'published',
      publishedAt: daysAgo(5),
      createdBy: author?.id ?? null,
      createdAt: daysAgo(6),
      updatedAt: daysAgo(5),
    },
  ]);
}
