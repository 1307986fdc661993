import { describe, expect, it } from 'vitest';
import { DEFAULT_ENABLED_FEATURES } from './features';

describe('enabled features', () => {
  it('defaults to every feature on except news and Bragging Rights', () => {
    expect(DEFAULT_ENABLED_FEATURES).toEqual({
      klets: true,
      saffaRadar: true,
      dating: true,
      recipes: true,
      thingsToDoList: true,
      radio: true,
      nootVirNoot: true,
      jobs: true,
      news: false,
      braggingRights: false,
    });
  });
});
