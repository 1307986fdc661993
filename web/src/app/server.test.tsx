import { describe, expect, it } from 'vitest';
import { renderFirstScreen, type PageRequest } from './server';
import { makeUser } from '../test/render';
import { makePost } from '../features/posts/testing';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 ' +
  'Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** The answers a signed-in page of `/` carries (app/preload.ts), as the server puts them in the page. */
function answers(
  posts = [
    makePost({ id: 'p1', content: 'Braai at Zoo Lake on Saturday' }),
    makePost({ id: 'p2', content: 'Rusks for sale' }),
  ],
) {
  return [
    { operationName: 'Me', variables: {}, data: { me: makeUser() } },
    {
      operationName: 'HomeFeed',
      variables: { first: 10 },
      data: {
        feed: {
          __typename: 'PostConnection',
          nodes: posts,
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    },
  ];
}

const request = (over: Partial<PageRequest> = {}): PageRequest => ({
  path: '/',
  cookie: '',
  userAgent: DESKTOP,
  ...over,
});

describe('renderFirstScreen', () => {
  it('renders the home feed from the answers the page carries, in the root element', async () => {
    const html = await renderFirstScreen(request(), answers());
    expect(html).toMatch(/^<div id="root" data-server-render="computer">/);
    expect(html).toContain('Braai at Zoo Lake on Saturday');
    expect(html).toContain('Rusks for sale');
    expect(html).toContain('data-testid="topbar"');
    // The sidebar of a computer's layout, open unless its cookie says otherwise.
    expect(html).toContain('aria-label="Main menu"');
  });

  it('renders the phone layout for a phone, and what the sidebar cookie says for a computer', async () => {
    const phone = await renderFirstScreen(request({ userAgent: IPHONE }), answers());
    expect(phone).toMatch(/^<div id="root" data-server-render="phone">/);
    expect(phone).not.toContain('aria-label="Main menu"');
    const hinted = await renderFirstScreen(request({ mobileHint: '?1' }), answers());
    expect(hinted).toMatch(/data-server-render="phone"/);
    const open = await renderFirstScreen(request(), answers());
    const closed = await renderFirstScreen(request({ cookie: 'sidebar_state=false' }), answers());
    expect(closed).not.toEqual(open);
  });

  it('shows the first three posts, as the browser first render does (lib/firstScreen.ts), and says the list is busy', async () => {
    const posts = Array.from({ length: 5 }, (_, i) => makePost({ id: `p${i}`, content: `Post number ${i}` }));
    const html = (await renderFirstScreen(request(), answers(posts)))!;
    expect(html).toContain('Post number 2');
    expect(html).not.toContain('Post number 3');
    expect(html).toContain('aria-busy="true"');
  });

  it('leaves the page to the browser for a path whose data the page does not carry, or answers that do not fit', async () => {
    expect(await renderFirstScreen(request({ path: '/jobs' }), answers().slice(0, 1))).toBeNull();
    expect(await renderFirstScreen(request(), answers().slice(0, 1))).toBeNull();
    expect(
      await renderFirstScreen(request(), [
        ...answers().slice(0, 1),
        { operationName: 'Other', variables: {}, data: {} },
      ]),
    ).toBeNull();
    expect(await renderFirstScreen(request(), 'not a list')).toBeNull();
  });
});
