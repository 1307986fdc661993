/* eslint-disable @typescript-eslint/no-explicit-any -- rss-parser's items are untyped XML */
import Parser from 'rss-parser';
import type { Viewer } from '../../kernel/context';
import { requireViewer } from '../../kernel/auth';
import { badInput } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { outboundFetch } from '../../kernel/outbound';
import { settings } from '../../kernel/settings';
import { NewsArticle, NewsRegion } from './news-article.entity';
import { nearestCity } from './news.places';
import { firstImage, httpUrl, plainText } from './news.text';

type Item = Record<string, any>;
const parser = new Parser<Record<string, unknown>, Item>({
  customFields: {
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail'],
      ['source', 'itemSource'],
    ],
  },
});

/** Largest feed body read, in bytes: a feed is a few hundred kB at most. */
const MAX_FEED_BYTES = 3_000_000;
/** A feed that failed is asked again after this long rather than after the full cache time. */
const FAILED_FEED_SECONDS = 30;

interface CacheEntry {
  until: number;
  articles: Promise<NewsArticle[]>;
}
const cache = new Map<string, CacheEntry>();

/** Forgets every cached feed (tests; a settings change). */
export function clearNewsCache(): void {
  cache.clear();
}

const attr = (v: any, name: string): unknown => (Array.isArray(v) ? attr(v[0], name) : (v?.$?.[name] ?? v?.[name]));

function imageOf(item: Item): string | null {
  const enclosure = item.enclosure as { url?: string; type?: string } | undefined;
  if (enclosure?.url && (!enclosure.type || enclosure.type.startsWith('image/'))) {
    const url = httpUrl(enclosure.url);
    if (url) return url;
  }
  for (const m of (item.mediaContent as any[] | undefined) ?? []) {
    const type = String(attr(m, 'type') ?? attr(m, 'medium') ?? 'image');
    const url = type.startsWith('image') ? httpUrl(attr(m, 'url')) : null;
    if (url) return url;
  }
  return (
    httpUrl(attr(item.mediaThumbnail, 'url')) ??
    firstImage(item.content) ??
    firstImage(item['content:encoded']) ??
    firstImage(item.summary)
  );
}

function articleOf(item: Item, feedTitle: string): NewsArticle | null {
  const link = httpUrl(item.link) ?? httpUrl(item.guid);
  const title = plainText(item.title, 300);
  if (!link || !title) return null;
  const when = item.isoDate ? new Date(item.isoDate) : item.pubDate ? new Date(item.pubDate) : null;
  const itemSource = typeof item.itemSource === 'string' ? item.itemSource : item.itemSource?._;
  return {
    title,
    link,
    source: plainText(itemSource, 120) || feedTitle,
    pubDate: when && !Number.isNaN(when.getTime()) ? when : null,
    description: plainText(item.content ?? item.summary ?? item.contentSnippet ?? item['content:encoded'], 500),
    imageUrl: imageOf(item),
  };
}

async function readFeed(url: string, log: Logger): Promise<NewsArticle[]> {
  const { timeoutMs } = settings().news;
  try {
    // The feed URLs are the operator's (NEWS_*): their own origin may be on the operator's network; a redirect to
    // any other origin must reach a public address, like every outbound request (kernel/outbound.ts).
    const res = await outboundFetch(url, {
      headers: {
        'user-agent': 'Saffa (community social network) news reader',
        accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5',
      },
      timeoutMs,
      maxBytes: MAX_FEED_BYTES,
      operatorConfigured: true,
    });
    if (!res.ok) throw new Error(`feed answered ${res.status}`);
    const body = res.text();
    const feed = await parser.parseString(body);
    const feedTitle = plainText(feed.title, 120) || new URL(url).hostname;
    return (feed.items ?? []).map((item) => articleOf(item, feedTitle)).filter((a): a is NewsArticle => a !== null);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), feed: url }, 'news feed unavailable');
    throw err;
  }
}

/** One feed's articles, from the cache while it is fresh (one fetch for concurrent askers); a failed feed is empty. */
export function feedArticles(url: string, log: Logger): Promise<NewsArticle[]> {
  const now = Date.now();
  const hit = cache.get(url);
  if (hit && hit.until > now) return hit.articles;
  const entry: CacheEntry = { until: now + settings().news.cacheSeconds * 1000, articles: Promise.resolve([]) };
  entry.articles = readFeed(url, log).catch(() => {
    entry.until = Math.min(entry.until, Date.now() + FAILED_FEED_SECONDS * 1000);
    return [];
  });
  cache.set(url, entry);
  return entry.articles;
}

/** The feed URLs of a region; local news fills the template with the nearest city and the coordinates. */
export function feedsFor(region: NewsRegion, lat?: number | null, lon?: number | null): string[] {
  const news = settings().news;
  if (region === NewsRegion.sa) return news.saFeeds;
  if (region === NewsRegion.international) return news.internationalFeeds;
  if (lat == null || !Number.isFinite(lat) || lat < -90 || lat > 90)
    throw badInput('lat', 'must be a number between -90 and 90');
  if (lon == null || !Number.isFinite(lon) || lon < -180 || lon > 180)
    throw badInput('lon', 'must be a number between -180 and 180');
  if (!news.localFeedTemplate) return [];
  const fill = (v: string) => encodeURIComponent(v);
  return [
    news.localFeedTemplate
      .replaceAll('{place}', fill(nearestCity(lat, lon)))
      .replaceAll('{lat}', fill(lat.toFixed(4)))
      .replaceAll('{lon}', fill(lon.toFixed(4))),
  ];
}

/**
 * The news of a region: every configured feed read at once (each cached, each bounded by the timeout), merged,
 * one article per link, newest first.
 */
export async function news(
  viewer: Viewer | null,
  region: NewsRegion,
  lat: number | null | undefined,
  lon: number | null | undefined,
  log: Logger,
): Promise<NewsArticle[]> {
  requireViewer(viewer);
  const urls = feedsFor(region, lat, lon);
  const lists = await Promise.all(urls.map((u) => feedArticles(u, log)));
  const seen = new Set<string>();
  const merged: NewsArticle[] = [];
  for (const a of lists.flat()) {
    if (seen.has(a.link)) continue;
    seen.add(a.link);
    merged.push(a);
  }
  merged.sort((a, b) => (b.pubDate?.getTime() ?? 0) - (a.pubDate?.getTime() ?? 0));
  return merged.slice(0, settings().news.maxArticles);
}
