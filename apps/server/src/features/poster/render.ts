import { Resvg } from '@resvg/resvg-js';
import { COMPANY_QR_HEIGHT, COMPANY_QR_WIDTH, POSTER_HEIGHT, POSTER_MAX_POSTS, POSTER_WIDTH, type PosterTemplate } from '@zhaokao/contracts';
import QRCode from 'qrcode';
import satori from 'satori';
import { fontFiles } from '../../shared/pdf.js';

/**
 * Posters and the company QR code as PNG: a tree of plain `{ type, props }` nodes (what JSX would make, without React)
 * that satori lays out as SVG with the project's Noto Sans SC, and resvg draws.
 */
type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; src?: string; width?: number; height?: number };
}
type Child = Node | string;

const div = (style: Style, ...children: Child[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});
const img = (src: string, width: number, height: number, style: Style = {}): Node => ({
  type: 'img',
  props: { src, width, height, style: { width, height, ...style } },
});

const FONT = 'Noto Sans SC';
/** The same array each time: satori keeps the fonts it parsed for it. */
let fontList: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const fontsOf = () => {
  if (!fontList) {
    const { regular, bold } = fontFiles();
    fontList = [
      { name: FONT, data: regular, weight: 400, style: 'normal' },
      { name: FONT, data: bold, weight: 700, style: 'normal' },
    ];
  }
  return fontList;
};

async function toPng(tree: Node, width: number, height: number): Promise<Buffer> {
  const svg = await satori(tree as never, { width, height, fonts: fontsOf() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

/**
 * A QR code of `text` as a PNG data URL and its side in pixels: whole pixels per module, so it stays sharp
 * (and readable by a scanner) at that size; the side is at most `maxSide`.
 */
async function qrImage(text: string, maxSide: number): Promise<{ src: string; side: number }> {
  const margin = 2;
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size + margin * 2;
  const scale = Math.max(1, Math.floor(maxSide / modules));
  const src = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin, scale });
  return { src, side: modules * scale };
}

const pngDataUrl = (bytes: Buffer) => `data:${bytes[0] === 0xff ? 'image/jpeg' : 'image/png'};base64,${bytes.toString('base64')}`;

/** One line, cut with an ellipsis when too long. */
const oneLine: Style = { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' };

export interface PosterPost {
  name: string;
  places: number;
  education: string;
  salary: string;
  address: string;
  description: string;
}

export interface PosterContent {
  template: PosterTemplate;
  companyName: string;
  /** The company's logo (JPEG or PNG bytes), null for none. */
  logo: Buffer | null;
  planTitle: string;
  signUpStart: string;
  signUpEnd: string;
  /** The plan's posts (the first POSTER_MAX_POSTS are listed), or the one post of a post's poster. */
  posts: PosterPost[];
  /** Whether the poster is of one post: its details are shown instead of a list. */
  singlePost: boolean;
  /** What the QR code holds: the plan's candidate page. */
  url: string;
}

function header(c: PosterContent): Node {
  const { template: t } = c;
  const logo = c.logo
    ? img(pngDataUrl(c.logo), 72, 72, { borderRadius: 12, objectFit: 'contain', backgroundColor: '#ffffff' })
    : div(
        { width: 72, height: 72, borderRadius: 12, backgroundColor: '#ffffff', color: t.accent, fontSize: 40, fontWeight: 700, alignItems: 'center', justifyContent: 'center' },
        c.companyName.slice(0, 1),
      );
  const titleSize = c.planTitle.length > 36 ? 34 : c.planTitle.length > 20 ? 40 : 50;
  return div(
    { flexDirection: 'column', backgroundColor: t.accent, color: t.onAccent, padding: '48px 56px 40px' },
    div(
      { alignItems: 'center' },
      logo,
      div({ marginLeft: 20, fontSize: 30, fontWeight: 700, maxWidth: 540, ...oneLine }, c.companyName),
    ),
    div({ marginTop: 36, fontSize: 26, letterSpacing: 8, opacity: 0.9 }, '诚 聘 英 才'),
    div({ marginTop: 12, fontSize: titleSize, fontWeight: 700, lineHeight: 1.3, maxHeight: titleSize * 1.3 * 3, overflow: 'hidden' }, c.planTitle),
  );
}

function section(t: PosterTemplate, title: string, ...children: Child[]): Node {
  return div(
    { flexDirection: 'column', marginTop: 28 },
    div(
      { alignItems: 'center', fontSize: 28, fontWeight: 700, color: t.accent },
      div({ width: 8, height: 28, borderRadius: 4, backgroundColor: t.accent, marginRight: 14 }),
      title,
    ),
    ...children,
  );
}

function postList(c: PosterContent): Node {
  const { template: t, posts } = c;
  const shown = posts.slice(0, POSTER_MAX_POSTS);
  const rows = shown.map((post, i) =>
    div(
      { alignItems: 'center', justifyContent: 'space-between', height: 48, padding: '0 22px', marginTop: 8, borderRadius: 10, backgroundColor: i % 2 ? '#ffffff' : t.tint, fontSize: 24, color: '#1f2329' },
      div({ maxWidth: 470, ...oneLine }, post.name),
      div({ color: t.accent, fontWeight: 700 }, `招 ${post.places} 人`),
    ),
  );
  const rest = posts.length - shown.length;
  const children: Child[] = rows.length > 0 ? rows : [div({ marginTop: 14, fontSize: 24, color: '#646a73' }, '岗位信息以报名页面为准')];
  if (rest > 0) children.push(div({ marginTop: 12, fontSize: 22, color: '#646a73', justifyContent: 'flex-end' }, `等 ${posts.length} 个岗位，扫码查看全部`));
  return section(t, '招聘岗位', ...children);
}

function postDetails(c: PosterContent): Node {
  const { template: t } = c;
  const post = c.posts[0]!;
  const line = (label: string, value: string) =>
    value
      ? [div({ marginTop: 14, fontSize: 24, color: '#1f2329' }, div({ color: '#646a73', width: 130, flexShrink: 0 }, label), div({ maxWidth: 500, ...oneLine }, value))]
      : [];
  return section(
    t,
    '招聘岗位',
    div(
      { flexDirection: 'column', marginTop: 16, padding: '22px 26px', borderRadius: 14, backgroundColor: t.tint },
      div({ fontSize: 32, fontWeight: 700, color: '#1f2329', maxHeight: 86, overflow: 'hidden', lineHeight: 1.3 }, post.name),
      ...line('招聘人数', `${post.places} 人`),
      ...line('学历要求', post.education),
      ...line('薪资待遇', post.salary),
      ...line('工作地点', post.address),
      ...(post.description
        ? [div({ marginTop: 14, fontSize: 22, color: '#646a73', lineHeight: 1.5, maxHeight: 100, overflow: 'hidden' }, post.description)]
        : []),
    ),
  );
}

/** A plan's (or a post's) recruitment poster, a PNG of POSTER_WIDTH × POSTER_HEIGHT. */
export async function renderPoster(c: PosterContent): Promise<Buffer> {
  const { template: t } = c;
  const qr = await qrImage(c.url, 210);
  const tree = div(
    { width: POSTER_WIDTH, height: POSTER_HEIGHT, flexDirection: 'column', backgroundColor: t.background, fontFamily: FONT },
    header(c),
    div(
      { flexDirection: 'column', flexGrow: 1, flexShrink: 1, overflow: 'hidden', padding: '4px 56px 24px' },
      section(
        t,
        '报名时间',
        div({ marginTop: 14, fontSize: 26, color: '#1f2329' }, `${c.signUpStart} 至 ${c.signUpEnd}`),
      ),
      c.singlePost ? postDetails(c) : postList(c),
    ),
    div(
      { alignItems: 'center', flexShrink: 0, margin: '0 56px 44px', padding: 24, borderRadius: 18, backgroundColor: '#ffffff', border: `2px solid ${t.tint}` },
      img(qr.src, qr.side, qr.side),
      div(
        { flexDirection: 'column', marginLeft: 28, flexShrink: 1 },
        div({ fontSize: 30, fontWeight: 700, color: t.accent }, '扫码了解详情'),
        div({ marginTop: 10, fontSize: 24, color: '#1f2329' }, '在线报名，随时查看进度'),
        div({ marginTop: 18, fontSize: 18, color: '#8f959e', maxWidth: 300, wordBreak: 'break-all' }, c.url),
      ),
    ),
  );
  return toPng(tree, POSTER_WIDTH, POSTER_HEIGHT);
}

/** The company's QR code with its name under it, a PNG of COMPANY_QR_WIDTH × COMPANY_QR_HEIGHT. */
export async function renderCompanyQrCode(companyName: string, url: string): Promise<Buffer> {
  const qr = await qrImage(url, 480);
  const tree = div(
    { width: COMPANY_QR_WIDTH, height: COMPANY_QR_HEIGHT, flexDirection: 'column', alignItems: 'center', backgroundColor: '#ffffff', fontFamily: FONT, paddingTop: 40 },
    img(qr.src, qr.side, qr.side),
    div({ marginTop: 28, fontSize: 32, fontWeight: 700, color: '#1f2329', maxWidth: 540, ...oneLine }, companyName),
    div({ marginTop: 12, fontSize: 22, color: '#646a73' }, '扫码查看招聘信息并在线报名'),
  );
  return toPng(tree, COMPANY_QR_WIDTH, COMPANY_QR_HEIGHT);
}
