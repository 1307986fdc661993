import { describe, expect, test } from 'vitest';
import { date, money, option, optionalPosition, position, text, textProblem, url } from './input';

describe('textProblem', () => {
  test('finds a NUL character at any depth and names the field that holds it', () => {
    expect(textProblem('fine', 'content')).toBeNull();
    expect(textProblem('a\u0000b', 'content')).toEqual({ field: 'content', rule: 'must not contain NUL characters' });
    expect(textProblem({ content: 'ok', location: 'x\u0000' }, 'input')?.field).toBe('location');
    expect(textProblem({ images: ['ok', '\u0000'] }, 'input')?.field).toBe('images');
    expect(textProblem({ at: new Date(), n: 3, none: null }, 'input')).toBeNull();
  });

  test('refuses terminal escapes and other control characters, and keeps tabs, line breaks and bidirectional marks', () => {
    for (const bad of ['\u001b[31mred', 'a\u0001b', 'bell\u0007', 'del\u007f', 'c1\u0085', 'ff\u000c']) {
      expect(textProblem({ body: bad }, 'input')).toEqual({
        field: 'body',
        rule: 'must not contain control characters',
      });
    }
    expect(textProblem('line one\r\nline two\tend', 'content')).toBeNull();
    expect(textProblem('\u202bمرحبا\u202c and \u2028', 'content')).toBeNull();
  });
});

/** What `run` throws, as the client sees it: the message and the extensions. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    const e = err as { message: string; extensions: Record<string, unknown> };
    return { message: e.message, ...e.extensions };
  }
  throw new Error('not refused');
}

describe('input helpers', () => {
  test('text: trimmed, null when blank, refused over its length, when required and blank, or when not text', () => {
    expect(text('  Thandi ', 'fullName', { max: 10 })).toBe('Thandi');
    expect(text('   ', 'fullName', { max: 10 })).toBeNull();
    expect(text(undefined, 'fullName', { max: 10 })).toBeNull();
    expect(refusal(() => text('x'.repeat(11), 'fullName', { max: 10 }))).toEqual({
      message: 'fullName must be at most 10 characters',
      code: 'BAD_USER_INPUT',
      field: 'fullName',
    });
    expect(refusal(() => text(' ', 'bio', { max: 10, required: true })).message).toBe('bio is required');
    expect(refusal(() => text(3, 'bio', { max: 10 })).message).toBe('bio must be text');
    expect(refusal(() => text('', 'title', { max: 10, required: true, label: 'Title' }))).toMatchObject({
      message: 'Title is required',
      field: 'title',
    });
  });

  test('date: a real calendar day as YYYY-MM-DD', () => {
    expect(date('2026-02-28', 'applicationDeadline')).toBe('2026-02-28');
    expect(date('', 'applicationDeadline')).toBeNull();
    for (const wrong of ['2026-02-30', '28/02/2026', '2026-2-8'])
      expect(refusal(() => date(wrong, 'applicationDeadline'))).toMatchObject({
        message: 'applicationDeadline must be a date (YYYY-MM-DD)',
        field: 'applicationDeadline',
      });
  });

  test('option: as the list spells it; loose matching ignores case, spaces, dashes and underscores', () => {
    const types = ['Full-time', 'Part-time'] as const;
    expect(option('Full-time', 'jobType', types)).toBe('Full-time');
    expect(option('FULL_TIME', 'jobType', types, { loose: true })).toBe('Full-time');
    expect(option(null, 'jobType', types)).toBeNull();
    expect(refusal(() => option('full-time', 'jobType', types))).toMatchObject({
      message: 'jobType must be one of Full-time, Part-time',
      field: 'jobType',
    });
    expect(refusal(() => option('', 'status', types, { required: true })).message).toBe(
      'status must be one of Full-time, Part-time',
    );
  });

  test('position: latitude and longitude in range, named by their fields; an optional one comes in pairs', () => {
    expect(position(-33.9, 18.4)).toEqual({ latitude: -33.9, longitude: 18.4 });
    expect(refusal(() => position(91, 0))).toMatchObject({
      message: 'latitude must be between -90 and 90',
      field: 'latitude',
    });
    expect(refusal(() => position(0, Number.NaN))).toMatchObject({ field: 'longitude' });
    expect(refusal(() => position(0, 181, ['lat', 'lon']))).toMatchObject({
      message: 'lon must be between -180 and 180',
    });
    expect(optionalPosition(null, undefined)).toBeNull();
    expect(optionalPosition(1, 2)).toEqual({ latitude: 1, longitude: 2 });
    expect(refusal(() => optionalPosition(1, null))).toMatchObject({
      message: 'latitude and longitude must be given together',
      field: 'latitude',
    });
  });

  test('money: a finite amount from 0 to the maximum', () => {
    expect(money(12.5, 'price', { max: 100 })).toBe(12.5);
    expect(refusal(() => money('12', 'price', { max: 100 }))).toMatchObject({
      message: 'price must be a number',
      field: 'price',
    });
    expect(refusal(() => money(-1, 'price', { max: 100 })).message).toBe('price must be at least 0');
    expect(refusal(() => money(9_999_999_999.999, 'price', { max: 9_999_999_999.99 })).message).toBe(
      'price must be at most 9999999999.99',
    );
  });

  test('url: http(s) with a dotted host, a bare host gets https://, kept as typed', () => {
    expect(url('linkedin.com/in/thandi', 'linkedIn', { max: 500 })).toBe('https://linkedin.com/in/thandi');
    expect(url('http://rooibos.example', 'website', { max: 500 })).toBe('http://rooibos.example');
    expect(url(' ', 'website', { max: 500 })).toBeNull();
    expect(refusal(() => url('javascript:alert(1)', 'portfolio', { max: 500 }))).toMatchObject({
      message: 'portfolio must be an http or https web address',
      field: 'portfolio',
    });
    expect(refusal(() => url('https://localhost', 'website', { max: 500 })).field).toBe('website');
    expect(refusal(() => url('http://exa mple.com', 'website', { max: 500 })).message).toBe(
      'website must be a web address',
    );
  });
});
