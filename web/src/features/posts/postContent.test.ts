import { describe, expect, it } from 'vitest';
import {
  facebookShareUrl,
  firstLink,
  imageGridLayout,
  linkPreviewFor,
  mapEmbedUrl,
  postImages,
  postShareUrl,
  shareText,
  splitLinks,
  vimeoId,
  whatsAppShareUrl,
  youTubeId,
} from './postContent';

const base = {
  content: null as string | null,
  imageUrl: null as string | null,
  images: [] as { url: string; thumbnailUrl: string | null }[],
  videoUrl: null as string | null,
};

describe('links in text', () => {
  it('splits text into plain runs and links, leaving sentence punctuation out of the link', () => {
    expect(splitLinks('See https://example.com/a?b=1, and http://x.org.')).toEqual([
      { kind: 'text', value: 'See ' },
      { kind: 'link', value: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', value: ', and ' },
      { kind: 'link', value: 'http://x.org', href: 'http://x.org' },
      { kind: 'text', value: '.' },
    ]);
    expect(splitLinks('no links here')).toEqual([{ kind: 'text', value: 'no links here' }]);
    expect(splitLinks('javascript:alert(1) ftp://x.org')).toEqual([
      { kind: 'text', value: 'javascript:alert(1) ftp://x.org' },
    ]);
  });

  it('finds the first link', () => {
    expect(firstLink('a https://one.example then https://two.example')).toBe('https://one.example');
    expect(firstLink('nothing')).toBeNull();
    expect(firstLink(null)).toBeNull();
  });
});

describe('video ids', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads the YouTube id of %s', (url, id) => {
    expect(youTubeId(url)).toBe(id);
  });

  it('refuses links that are not YouTube videos', () => {
    expect(youTubeId('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(youTubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youTubeId('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youTubeId('https://youtu.be/')).toBeNull();
  });

  it('reads Vimeo ids', () => {
    expect(vimeoId('https://vimeo.com/76979871')).toBe('76979871');
    expect(vimeoId('https://player.vimeo.com/video/76979871')).toBe('76979871');
    expect(vimeoId('https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
    expect(vimeoId('https://vimeo.com/about')).toBeNull();
    expect(vimeoId('https://example.com/76979871')).toBeNull();
  });
});

describe('link preview rules', () => {
  it('previews a YouTube link with its hqdefault thumbnail and an autoplay embed', () => {
    expect(linkPreviewFor({ ...base, content: 'Watch https://youtu.be/dQw4w9WgXcQ now' })).toEqual({
      kind: 'video',
      provider: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      id: 'dQw4w9WgXcQ',
      thumbnailUrl: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
    });
  });

  it('previews a Vimeo link as a video with an autoplay player', () => {
    const preview = linkPreviewFor({ ...base, content: 'https://vimeo.com/76979871' });
    expect(preview).toMatchObject({
      kind: 'video',
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1',
    });
  });

  it('previews other links as a card with the host name, using only the first link', () => {
    expect(
      linkPreviewFor({ ...base, content: 'Read https://www.news24.com/story/1 and https://youtu.be/dQw4w9WgXcQ' }),
    ).toEqual({
      kind: 'link',
      url: 'https://www.news24.com/story/1',
      host: 'news24.com',
    });
  });

  it('shows no preview when the post has images, an image or a video, or no link', () => {
    const content = 'https://youtu.be/dQw4w9WgXcQ';
    expect(linkPreviewFor({ ...base, content, images: [{ url: '/media/a.jpg', thumbnailUrl: null }] })).toBeNull();
    expect(linkPreviewFor({ ...base, content, imageUrl: '/media/a.jpg' })).toBeNull();
    expect(linkPreviewFor({ ...base, content, videoUrl: '/media/v.mp4' })).toBeNull();
    expect(linkPreviewFor({ ...base, content: 'just words' })).toBeNull();
    expect(linkPreviewFor(base)).toBeNull();
  });
});

describe('image grid layout', () => {
  it.each([
    [0, 0, 0, 0],
    [1, 1, 1, 0],
    [2, 2, 2, 0],
    [3, 3, 3, 0],
    [4, 4, 4, 0],
    [5, 5, 5, 0],
    [6, 5, 5, 1],
    [10, 5, 5, 5],
  ])('%i photos: layout %i, %i shown, +%i', (count, layout, shown, overflow) => {
    expect(imageGridLayout(count)).toEqual({ layout, shown, overflow });
  });

  it('falls back to imageUrl for posts from older clients', () => {
    expect(postImages({ imageUrl: '/media/a.jpg', images: [] })).toEqual([{ url: '/media/a.jpg', thumbnailUrl: null }]);
    expect(
      postImages({ imageUrl: '/media/a.jpg', images: [{ url: '/media/a.jpg', thumbnailUrl: '/media/a.thumb.jpg' }] }),
    ).toEqual([{ url: '/media/a.jpg', thumbnailUrl: '/media/a.thumb.jpg' }]);
    expect(postImages({ imageUrl: null, images: [] })).toEqual([]);
  });
});

describe('share', () => {
  it("takes the first 100 characters of the post and adds '...'", () => {
    const long = 'a'.repeat(150);
    expect(shareText(long)).toBe(`${'a'.repeat(100)}...`);
    expect(shareText('Braai on Saturday!')).toBe('Braai on Saturday!...');
    expect(shareText('x'.repeat(100))).toBe(`${'x'.repeat(100)}...`);
    expect(shareText(null)).toBe('');
    expect(shareText('   ')).toBe('');
  });

  it('builds the post link on the site origin and the share URLs', () => {
    expect(postShareUrl('p1', 'https://saffa.example')).toBe('https://saffa.example/post/p1');
    expect(postShareUrl('p1')).toBe(`${window.location.origin}/post/p1`);
    expect(whatsAppShareUrl('Hi...', 'https://s.example/post/p1')).toBe(
      'https://wa.me/?text=Hi...%20https%3A%2F%2Fs.example%2Fpost%2Fp1',
    );
    expect(facebookShareUrl('https://s.example/post/p1')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fs.example%2Fpost%2Fp1',
    );
  });
});

describe('map', () => {
  it('embeds the coordinates at zoom 15', () => {
    expect(mapEmbedUrl(-33.92, 18.42)).toBe('https://maps.google.com/maps?q=-33.92,18.42&z=15&output=embed');
  });
});
