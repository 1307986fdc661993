// A mocked appConfig for web unit tests, as the server answers it (api/src/modules/system/app-config.resolver.ts).
import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { AppConfigDocument, type AppConfigQuery } from '../ui/appConfig.generated';

const MB = 1024 * 1024;

type Config = AppConfigQuery['appConfig'];

export const TEST_UPLOAD_LIMITS: Config['uploads'] & { __typename: 'UploadLimits' } = {
  __typename: 'UploadLimits',
  imageMaxBytes: 5 * MB,
  videoMaxBytes: 50 * MB,
  documentMaxBytes: 10 * MB,
  postMaxImages: 10,
  recipeMaxImages: 5,
  documentExtensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  documentMimeTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
};

export const TEST_DATING_LIMITS: Config['dating'] & { __typename: 'DatingLimits' } = {
  __typename: 'DatingLimits',
  minAge: 18,
  maxAge: 99,
  minRadiusKm: 5,
  maxRadiusKm: 100,
  radiusStepKm: 5,
  defaultRadiusKm: 50,
  maxPhotos: 5,
};

export const TEST_RADAR_OPTIONS: Config['radar'] & { __typename: 'RadarOptions' } = {
  __typename: 'RadarOptions',
  radiiKm: [1, 5, 10, 25, 50, 100],
  defaultRadiusKm: 50,
};

const REPORT_REASONS: Array<[Config['reportReasons'][number]['value'], string]> = [
  ['spam', 'Spam or misleading'],
  ['harassment', 'Harassment or hate speech'],
  ['violence', 'Violence or dangerous content'],
  ['inappropriate', 'Inappropriate content'],
  ['copyright', 'Copyright violation'],
  ['other', 'Other'],
];

/** appConfig's reportReasons for [value, label] pairs. */
export function reportReasonOptions(
  pairs: ReadonlyArray<[Config['reportReasons'][number]['value'], string]>,
): Config['reportReasons'] {
  return pairs.map(
    ([value, label]) => ({ __typename: 'ReportReasonOption', value, label }) as Config['reportReasons'][number],
  );
}

export function testAppConfig(overrides: Partial<Config> = {}): Config & { __typename: 'AppConfig' } {
  return {
    __typename: 'AppConfig',
    googleEnabled: false,
    facebookEnabled: false,
    passwordMinLength: 8,
    uploads: TEST_UPLOAD_LIMITS,
    reportReasons: reportReasonOptions(REPORT_REASONS),
    dating: TEST_DATING_LIMITS,
    radar: TEST_RADAR_OPTIONS,
    chatMessageMaxLength: 2000,
    ...overrides,
  };
}

/** The AppConfig query answered once with `testAppConfig(overrides)`. */
export function appConfigMock(overrides: Partial<Config> = {}): MockLink.MockedResponse {
  return { request: { query: AppConfigDocument }, result: { data: { appConfig: testAppConfig(overrides) } } };
}

/**
 * Puts the test appConfig in a cache, as if the app had loaded it, unless the test's mocks answer AppConfig
 * themselves (tests of what appConfig switches on).
 */
export function seedAppConfig(cache: InMemoryCache, mocks: ReadonlyArray<MockLink.MockedResponse>): InMemoryCache {
  if (!mocks.some((m) => m.request.query === AppConfigDocument)) {
    cache.writeQuery({ query: AppConfigDocument, data: { appConfig: testAppConfig() } });
  }
  return cache;
}
