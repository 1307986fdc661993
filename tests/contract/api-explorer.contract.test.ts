/**
 * What an integrator finds on the server itself: `/graphql` opened in a browser shows GraphiQL from the app's own
 * build (every script and style on this origin, under the app's Content-Security-Policy), while POST /graphql and
 * a client's GET stay the API; `/api/openapi.json` is the REST table's OpenAPI 3.1 document. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type App } from '../support/app';

let app: App;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /graphql in a browser', () => {
  test('answers the GraphiQL page whose scripts and styles all come from this origin and load', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('vary')).toMatch(/Accept\b/);
    const html = await res.text();
    expect(html).toContain('id="graphiql"');
    expect(html).toContain('GraphQL explorer');
    const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.some((u) => /\.js$/.test(u))).toBe(true);
    expect(urls.some((u) => /\.css$/.test(u))).toBe(true);
    for (const url of urls) {
      expect(url, 'same origin, no CDN').toMatch(/^\/(?!\/)/);
      const asset = await fetch(`${app.url}${url}`);
      expect(asset.status, url).toBe(200);
      await asset.arrayBuffer();
    }
  });

  test('leaves the API as it was: POST, a GET with a query, and a client that does not ask for HTML', async () => {
    const post = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.status).toBe(200);
    expect((await post.json()).data).toEqual({ __typename: 'Query' });

    const get = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: BROWSER_ACCEPT, 'apollo-require-preflight': 'true' },
    });
    expect(get.headers.get('content-type')).not.toMatch(/^text\/html/);

    const json = await fetch(`${app.url}/graphql`, { headers: { accept: 'application/json' } });
    expect(json.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
  });
});

describe('GET /api/openapi.json', () => {
  test('serves the REST table as an OpenAPI 3.1 document', async () => {
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/posts'].get['x-graphql-operation']).toBe('Feed');
    expect(doc.paths['/api/posts/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });
});
