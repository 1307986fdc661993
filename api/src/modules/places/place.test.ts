import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, useSettings } from '../../kernel/settings';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';

const Q = `query($lat: Float!, $lng: Float!) { reverseGeocode(latitude: $lat, longitude: $lng) }`;
let server: http.Server;
let seen: URL | null = null;

beforeAll(async () => {
  // A stub of Nominatim's reverse API on loopback.
  server = http.createServer((req, res) => {
    seen = new URL(req.url!, 'http://x');
    if (seen.searchParams.get('lat') === '1') {
      res.writeHead(500).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name: 'Table Mountain', address: { city: 'Cape Town' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  useSettings({ ...settings(), geocoderUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reverse` });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('reverse geocoding', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(Q, { lat: -33.96, lng: 18.41 }))).toBe('UNAUTHENTICATED');
  });

  it('names the place at a coordinate', async () => {
    const u = await buildUser();
    const r = await gql(Q, { lat: -33.96, lng: 18.41 }, { as: u });
    expect(r.data.reverseGeocode).toBe('Table Mountain, Cape Town');
    expect(seen!.searchParams.get('lon')).toBe('18.41');
  });

  it('answers null when the service fails, and refuses impossible coordinates', async () => {
    const u = await buildUser();
    expect((await gql(Q, { lat: 1, lng: 1 }, { as: u })).data.reverseGeocode).toBeNull();
    expect(codeOf(await gql(Q, { lat: 100, lng: 1 }, { as: u }))).toBe('BAD_USER_INPUT');
  });
});
