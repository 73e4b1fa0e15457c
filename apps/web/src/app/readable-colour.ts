/** WCAG 2.1 SC 1.4.3: normal-size text needs a contrast of at least 4.5:1 with its background. */
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (the alpha is ignored). */
function parseHex(colour: string): Rgb {
  let hex = colour.replace('#', '');
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb) {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string) {
  const [a, b] = [luminance(parseHex(foreground)), luminance(parseHex(background))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The colour for text on `background`: the colour itself when it is readable there, otherwise the same hue mixed
 * with just enough black to reach `ratio`.
 */
export function readableText(colour: string, background = '#ffffff', ratio = TEXT_CONTRAST) {
  const rgb = parseHex(colour);
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const darker = toHex(rgb.map((channel) => channel * keep) as Rgb);
    if (contrastRatio(darker, background) >= ratio) return darker;
  }
  return '#000000';
}
