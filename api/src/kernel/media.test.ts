import express from 'express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRouter } from './media';
import { diskMediaStore } from './media-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-media-'));
const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-private-'));
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let base: string;
let server: ReturnType<express.Express['listen']>;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'audio'));
  fs.writeFileSync(path.join(dir, 'audio', 'song.mp3'), bytes);
  const app = express().use('/media', mediaRouter(diskMediaStore({ public: dir, private: privateDir })));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(privateDir, { recursive: true, force: true });
});

describe('the media router', () => {
  it('answers range requests, so a player can seek in a song', async () => {
    const whole = await fetch(`${base}/media/audio/song.mp3`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    const part = await fetch(`${base}/media/audio/song.mp3`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const beyond = await fetch(`${base}/media/audio/song.mp3`, { headers: { range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
  });
});
