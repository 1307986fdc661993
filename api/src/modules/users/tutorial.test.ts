import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';

const SAVE =
  `mutation($s: Int, $c: Boolean) { updateTutorial(tutorialStep: $s, tutorialCompleted: $c) { ` +
  `tutorialStep tutorialCompleted } }`;

describe('tutorial progress', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SAVE, { s: 1 }))).toBe('UNAUTHENTICATED');
  });

  it('saves the step, and completion stores step 9', async () => {
    const u = await buildUser();
    expect((await gql(SAVE, { s: 3 }, { as: u })).data.updateTutorial).toEqual({
      tutorialStep: 3,
      tutorialCompleted: false,
    });
    expect((await gql(SAVE, { c: true }, { as: u })).data.updateTutorial).toEqual({
      tutorialStep: 9,
      tutorialCompleted: true,
    });
  });

  it('refuses steps outside 0..9 and an empty change', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(SAVE, { s: 10 }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SAVE, { s: -1 }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SAVE, {}, { as: u }))).toBe('BAD_USER_INPUT');
  });
});
