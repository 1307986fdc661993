/** The optional features a member can show in the sidebar's "My Features" group (spec 000 section 3). */
export const FEATURE_KEYS = [
  'klets',
  'saffaRadar',
  'dating',
  'recipes',
  'thingsToDoList',
  'radio',
  'nootVirNoot',
  'jobs',
  'news',
  'braggingRights',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type EnabledFeatures = Record<FeatureKey, boolean>;

/** Tutorial text only: members are told they may choose up to 5. Not enforced. */
export const SUGGESTED_FEATURE_LIMIT = 5;

/** What a member sees before choosing (the server's defaults), while their session carries no choice. */
export const DEFAULT_ENABLED_FEATURES: Readonly<EnabledFeatures> = Object.freeze({
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
