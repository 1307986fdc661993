import { registerEnumType } from 'type-graphql';

/**
 * The optional features a member shows in the sidebar's "My Features" (spec 000 section 3, the enabled-features
 * preference), with their defaults (spec 000 section 9: klets, saffaRadar, dating, recipes, thingsToDoList, radio,
 * nootVirNoot and jobs on; news and braggingRights off; spec 002 agrees on the eight its Settings tab shows).
 */
export enum Feature {
  klets = 'klets',
  saffaRadar = 'saffaRadar',
  dating = 'dating',
  recipes = 'recipes',
  thingsToDoList = 'thingsToDoList',
  radio = 'radio',
  nootVirNoot = 'nootVirNoot',
  jobs = 'jobs',
  news = 'news',
  braggingRights = 'braggingRights',
}
registerEnumType(Feature, { name: 'Feature', description: 'An optional feature a member may show in the sidebar' });

export const FEATURES = Object.values(Feature);

export const FEATURE_DEFAULTS: Readonly<Record<Feature, boolean>> = Object.freeze({
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

/** The enabled features, in the order of FEATURES: the defaults overridden by the member's choices. */
export function enabledFeaturesOf(choices: ReadonlyArray<{ feature: string; enabled: boolean }>): Feature[] {
  const chosen = new Map(choices.map((c) => [c.feature, c.enabled]));
  return FEATURES.filter((f) => chosen.get(f) ?? FEATURE_DEFAULTS[f]);
}
