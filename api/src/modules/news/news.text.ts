/**
 * Feed text becomes plain text here: feeds carry HTML (and sometimes scripts) in titles and descriptions, and
 * nothing of it may reach the page. Links and pictures keep only http(s) URLs.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

function stripMarkup(s: string): string {
  return s
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style|iframe|noscript|template|object)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-z!?][^>]*(>|$)/gi, ' ');
}

/**
 * Plain text of feed markup: scripts and styles with their content dropped, tags removed, entities decoded, spaces
 * collapsed.
 */
export function plainText(value: unknown, max = 2000): string {
  if (typeof value !== 'string') return '';
  // Twice: an escaped tag (&lt;script&gt;) decodes into markup that must go too.
  const text = stripMarkup(decodeEntities(stripMarkup(value)))
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The URL when it is an absolute http(s) URL, else null (javascript:, data:, relative and broken ones are dropped). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(decodeEntities(value.trim()));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The first <img src> of some feed markup, when it is an http(s) URL. */
export function firstImage(html: unknown): string | null {
  if (typeof html !== 'string') return null;
  const m = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/i.exec(html);
  return m ? httpUrl(m[1]) : null;
}
