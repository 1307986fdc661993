import type { PostCard_PostFragment } from './post.generated';

// ---------------------------------------------------------------- links in text

const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a link. */
const TRAILING = /[.,!?;:)\]}]+$/;

type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string; href: string };

/** Splits post text into plain runs and http(s) links, so links can be made clickable. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let raw = match[0];
    const trail = raw.match(TRAILING)?.[0] ?? '';
    // Keep a closing bracket that belongs to the link, e.g. a Wikipedia title with (parentheses).
    if (trail) raw = raw.slice(0, raw.length - trail.length);
    if (!isHttpUrl(raw)) continue;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: raw, href: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** The first http(s) link in a text, or null. */
export function firstLink(text: string | null | undefined): string | null {
  if (!text) return null;
  const link = splitLinks(text).find((p) => p.kind === 'link');
  return link ? link.href : null;
}

// ---------------------------------------------------------------- video links

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, embed, shorts, live, m. and nocookie hosts), or null. */
export function youTubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The numeric video id of a Vimeo link (vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123). */
export function vimeoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const id = [...segments].reverse().find((s) => /^\d+$/.test(s));
  return id ?? null;
}

export type LinkPreview =
  | {
      kind: 'video';
      provider: 'youtube' | 'vimeo';
      url: string;
      id: string;
      thumbnailUrl: string | null;
      embedUrl: string;
    }
  | { kind: 'link'; url: string; host: string };

type PreviewPost = Pick<PostCard_PostFragment, 'content' | 'imageUrl' | 'videoUrl'> & { images: readonly unknown[] };

/**
 * Spec 000 section 4: the first link in a post's text becomes a preview only when the post has no image, images
 * or video. A YouTube or Vimeo link previews as a video thumbnail; any other link as a card with its host name.
 */
export function linkPreviewFor(post: PreviewPost): LinkPreview | null {
  if (post.imageUrl || post.images.length > 0 || post.videoUrl) return null;
  const url = firstLink(post.content);
  if (!url) return null;
  const yt = youTubeId(url);
  if (yt) {
    return {
      kind: 'video',
      provider: 'youtube',
      url,
      id: yt,
      thumbnailUrl: `https://img.youtube.com/vi/${yt}/hqdefault.jpg`,
      embedUrl: `https://www.youtube.com/embed/${yt}?autoplay=1`,
    };
  }
  const vm = vimeoId(url);
  if (vm) {
    return {
      kind: 'video',
      provider: 'vimeo',
      url,
      id: vm,
      thumbnailUrl: null,
      embedUrl: `https://player.vimeo.com/video/${vm}?autoplay=1`,
    };
  }
  return { kind: 'link', url, host: new URL(url).hostname.replace(/^www\./, '') };
}

// ---------------------------------------------------------------- images

export interface GridImage {
  url: string;
  thumbnailUrl: string | null;
  /** The upright original's size, when the server knows it. */
  width?: number | null;
  height?: number | null;
  /** The photo at several widths and formats, for srcset. */
  variants?: ReadonlyArray<{ url: string; width: number; mimeType: string }>;
}

/** The post's photos; a post from an older client may only have imageUrl. */
export function postImages(post: { imageUrl: string | null; images: readonly GridImage[] }): GridImage[] {
  if (post.images.length > 0) {
    return post.images.map((i) => ({
      url: i.url,
      thumbnailUrl: i.thumbnailUrl ?? null,
      width: i.width,
      height: i.height,
      variants: i.variants,
    }));
  }
  return post.imageUrl ? [{ url: post.imageUrl, thumbnailUrl: null }] : [];
}

const MAX_GRID_IMAGES = 5;

/** Spec 000 section 4: the layout follows the count (1, 2, 3, 4, 5+); past 5 the fifth tile shows +N. */
export function imageGridLayout(count: number): { layout: 0 | 1 | 2 | 3 | 4 | 5; shown: number; overflow: number } {
  const shown = Math.min(Math.max(count, 0), MAX_GRID_IMAGES);
  return { layout: shown as 0 | 1 | 2 | 3 | 4 | 5, shown, overflow: Math.max(count - MAX_GRID_IMAGES, 0) };
}

// ---------------------------------------------------------------- share

const SHARE_TEXT_LENGTH = 100;

/** Spec 000 sections 4 and 9: the first 100 characters of the post with '...' added. */
export function shareText(content: string | null | undefined): string {
  const text = (content ?? '').trim();
  if (!text) return '';
  return `${text.slice(0, SHARE_TEXT_LENGTH)}...`;
}

/** The post's share path on the site origin (spec 000 section 2: /post/{id}). */
export function postShareUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/post/${id}`;
}

export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text ? `${text} ${url}` : url)}`;
}

export function facebookShareUrl(url: string, text?: string): string {
  const quote = text ? `&quote=${encodeURIComponent(text)}` : '';
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}${quote}`;
}

// ---------------------------------------------------------------- map

export function hasCoordinates(
  post: Pick<PostCard_PostFragment, 'location' | 'latitude' | 'longitude'>,
): post is typeof post & { location: string; latitude: number; longitude: number } {
  return !!post.location && typeof post.latitude === 'number' && typeof post.longitude === 'number';
}

const MAP_ZOOM = 15;

export function mapEmbedUrl(latitude: number, longitude: number): string {
  return `https://maps.google.com/maps?q=${latitude},${longitude}&z=${MAP_ZOOM}&output=embed`;
}

/** Without an answer from the map's host in this time the map is hidden and only the place is shown. */
export const MAP_LOAD_TIMEOUT_MS = 4000;
