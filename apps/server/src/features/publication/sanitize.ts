import { OWN_FILE_PREFIX, PUBLICATION_MESSAGES, type UploadKind, fileUrlKind, isAllowedContentImage } from '@zhaokao/contracts';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../shared/errors.js';

/** A colour as the editor writes it: `#rgb`, `#rrggbb` (with alpha or not), `rgb(…)` or `rgba(…)`. */
const COLOR = [
  /^#[0-9a-f]{3,4}$/i,
  /^#[0-9a-f]{6}$/i,
  /^#[0-9a-f]{8}$/i,
  /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i,
  /^rgba\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*(?:0|1|0?\.\d{1,3})\s*\)$/i,
];

/** A link may go to a web page, a mail address or one of our own uploaded files; nothing else (no `javascript:`, `data:`, relative paths). */
function isAllowedLink(href: string) {
  if (href.startsWith(OWN_FILE_PREFIX)) return fileUrlKind(href) === 'own';
  // eslint-disable-next-line no-control-regex
  return /^(?:https?:\/\/|mailto:)/i.test(href) && !/[\s\u0000-\u001f\u007f]/.test(href);
}

/** Elements whose text is dropped with them (the text of other refused elements stays, as text). */
const DROPPED_WITH_TEXT = ['script', 'style', 'textarea', 'option', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'embed', 'template', 'title', 'xmp', 'svg', 'math', 'select', 'head'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'code', 'pre', 'span',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(?:left|right|center|justify)$/i],
    },
  },
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'background', 'poster', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_TEXT,
  enforceHtmlBoundary: false,
  transformTags: {
    // The address is checked here on its decoded value (entities and all): a link that is not allowed loses its href.
    a: (tagName, attribs) => {
      const { href, target, ...rest } = attribs;
      const kept: Record<string, string> = { ...rest };
      delete kept.rel;
      if (href !== undefined && isAllowedLink(href)) kept.href = href;
      if (target !== undefined) kept.target = '_blank';
      return { tagName, attribs: { ...kept, rel: 'noopener noreferrer' } };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (attribs.src !== undefined && isAllowedContentImage(attribs.src)) kept.src = attribs.src;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) if (attribs[size] && /^\d{1,4}%?$/.test(attribs[size])) kept[size] = attribs[size];
      if (attribs.style !== undefined) kept.style = attribs.style;
      return { tagName, attribs: kept };
    },
    td: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
  },
  // An image without an allowed address is not kept at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function cellSpans(attribs: sanitizeHtml.Attributes) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === 'colspan' || name === 'rowspan') && !/^\d{1,3}$/.test(value)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The company's own uploaded files that a content names, by key, with their kind (`stored_file.key` → `kind`). */
export type OwnFiles = ReadonlyMap<string, UploadKind>;

/** The keys a content names as `/api/files/<key>`, before sanitising: the caller looks up which are the company's own. */
export function contentFileKeys(html: string) {
  const keys = new Set<string>();
  for (const match of html.matchAll(/\/api\/files\/([\w./-]+)/g)) keys.add(match[1]!);
  return [...keys];
}

/** Whether a player's address is one of the company's own uploaded files of one of `kinds`. */
function isOwnMedia(src: string | undefined, ownFiles: OwnFiles, kinds: readonly UploadKind[]) {
  if (src === undefined || fileUrlKind(src) !== 'own') return false;
  const kind = ownFiles.get(src.slice(OWN_FILE_PREFIX.length));
  return kind !== undefined && kinds.includes(kind);
}

/**
 * The allow-list plus video and audio players (and their `<source>`s), kept only for the company's own uploaded video
 * or audio files (not another company's, not an outside address), always with controls and nothing else (no autoplay,
 * loop or poster). A player left with nothing to play is dropped.
 */
function optionsWith(ownFiles: OwnFiles, imageHosts: readonly string[]): sanitizeHtml.IOptions {
  let sourcesKept = 0;
  /** Each player's attributes → how many sources had been kept when it opened. */
  const opened = new WeakMap<object, number>();
  const player = (kinds: readonly UploadKind[]) => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const kept: Record<string, string> = isOwnMedia(attribs.src, ownFiles, kinds) ? { src: attribs.src!, controls: '' } : { controls: '' };
    opened.set(kept, sourcesKept);
    return { tagName, attribs: kept };
  };
  return {
    ...OPTIONS,
    allowedTags: [...(OPTIONS.allowedTags as string[]), 'video', 'audio', 'source'],
    allowedAttributes: { ...OPTIONS.allowedAttributes, video: ['src', 'controls'], audio: ['src', 'controls'], source: ['src'] },
    selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const kept = OPTIONS.transformTags!.img as sanitizeHtml.Transformer;
        const result = kept(tagName, attribs);
        if (result.attribs.src !== undefined && !isAllowedImage(result.attribs.src, ownFiles, imageHosts)) delete result.attribs.src;
        return result;
      },
      video: player(['video']),
      audio: player(['audio']),
      source: (tagName, attribs) => {
        const kept: Record<string, string> = {};
        if (isOwnMedia(attribs.src, ownFiles, ['video', 'audio'])) {
          kept.src = attribs.src!;
          sourcesKept += 1;
        }
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'video' || frame.tag === 'audio') return !frame.attribs.src && opened.get(frame.attribs) === sourcesKept;
      if (frame.tag === 'source') return !frame.attribs.src;
      return OPTIONS.exclusiveFilter!(frame);
    },
  };
}

/**
 * An image may show the company's own uploaded images, or an https address on one of `imageHosts`
 * (CONTENT_IMAGE_HOSTS): not another company's files, and not any host on the web, which would learn who reads it.
 */
function isAllowedImage(src: string, ownFiles: OwnFiles, imageHosts: readonly string[]) {
  const kind = fileUrlKind(src);
  if (kind === 'own') return ownFiles.get(src.slice(OWN_FILE_PREFIX.length)) === 'image';
  return kind === 'external' && imageHosts.includes(new URL(src).host.toLowerCase());
}

/**
 * The editor's HTML cut down to the allow-list (DESIGN §10): no scripts, handlers, foreign frames or unsafe addresses.
 * `ownFiles` are the company's own files the content names: only those may be played or shown in it, besides images
 * on `imageHosts`.
 */
export const sanitizeContent = (html: string, ownFiles: OwnFiles = new Map(), imageHosts: readonly string[] = []) =>
  sanitizeHtml(html, optionsWith(ownFiles, imageHosts));

/** The text of sanitised HTML, with the tags taken out and the whitespace collapsed (e.g. for a summary). */
export function plainText(html: string) {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_TEXT });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/g, ' ')
    .trim();
}

/** Sanitises editor content and refuses what is empty once sanitised: no text, image or player (400, PUBLICATION_MESSAGES.emptyContent). */
export function cleanContent(html: string, ownFiles?: OwnFiles, imageHosts?: readonly string[]) {
  const clean = sanitizeContent(html, ownFiles, imageHosts);
  if (!plainText(clean) && !/<(?:img|video|audio)\s/i.test(clean)) throw badRequest(PUBLICATION_MESSAGES.emptyContent);
  return clean;
}
