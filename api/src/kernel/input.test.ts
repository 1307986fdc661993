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
});
