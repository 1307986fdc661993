import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger } from './logger';

describe('logged errors', () => {
  test('keep their message, code and stack but none of the objects hung on them (a pg client and its secretKey)', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { password: 'hunter2' }, processID: 42, secretKey: 123456789 },
    });
    createLogger('info', sink).warn({ err }, 'database connection error');
    const line = JSON.parse(lines[0]);
    expect(line.err).toMatchObject({
      type: 'Error',
      message: 'terminating connection due to administrator command',
      code: '57P01',
      severity: 'FATAL',
    });
    expect(line.err.stack).toContain('logger.test');
    expect(lines[0]).not.toMatch(/secretKey|hunter2|connectionParameters/);
  });
});
