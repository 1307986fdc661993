import { useAppConfigQuery, type AppConfigQuery } from './appConfig.generated';

export type AppConfig = AppConfigQuery['appConfig'];
export type UploadLimits = AppConfig['uploads'];
export type DatingLimits = AppConfig['dating'];

/**
 * The installation's appConfig (integrations, upload limits, option lists): one query, fetched once and then
 * read from the cache by every component that needs it. `config` is undefined until it has loaded.
 */
export function useAppConfig() {
  const { data, loading, error, refetch } = useAppConfigQuery({ fetchPolicy: 'cache-first' });
  return { config: data?.appConfig, loading, error, refetch };
}

/** The upload limits the server enforces (undefined until appConfig has loaded). */
export function useUploadLimits(): UploadLimits | undefined {
  return useAppConfig().config?.uploads;
}

/** The dating alias limits the server enforces (undefined until appConfig has loaded). */
export function useDatingLimits(): DatingLimits | undefined {
  return useAppConfig().config?.dating;
}

/** The longest chat message the server accepts (undefined until appConfig has loaded: the server still checks). */
export function useChatMessageMaxLength(): number | undefined {
  return useAppConfig().config?.chatMessageMaxLength;
}
