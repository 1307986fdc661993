import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Common passwords, checked offline with zxcvbn-ts and its common and English dictionaries (the most used
 * passwords, names, words, keyboard patterns, dates). The dictionaries take about a second and several MB to load,
 * so they load once, on the first password checked, never at start-up; the web app does not bundle them and shows
 * the server's message.
 */
let checker: ZxcvbnFactory | null = null;

function zxcvbn(): ZxcvbnFactory {
  if (!checker) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
    /* eslint-enable @typescript-eslint/no-require-imports */
    checker = new Factory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  }
  return checker;
}

/**
 * Scores below this are refused: zxcvbn's 0 and 1 ("too guessable", under a million guesses), which is every
 * password of the common lists and their simple variants ("Password1", "iloveyou1", "qwertyuiop").
 */
const MIN_SCORE = 2;

export const COMMON_PASSWORD =
  'is too common or too easy to guess: choose a longer one, for instance a few unrelated words';

/** Whether `password` is too easy to guess; `userInputs` (the member's e-mail and names) count as known words. */
export function isTooCommon(password: string, userInputs: string[] = []): boolean {
  const inputs = userInputs
    .filter(Boolean)
    .flatMap((s) => [s, ...s.toLowerCase().split(/[^a-z0-9]+/)])
    .filter((s) => s.length >= 3);
  // zxcvbn's work grows with the length; the length rule (at most 200) has already run.
  return zxcvbn().check(password.slice(0, 100), inputs).score < MIN_SCORE;
}
