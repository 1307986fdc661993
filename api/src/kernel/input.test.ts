import { describe, expect, test } from 'vitest';
import { textProblem } from './input';

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
