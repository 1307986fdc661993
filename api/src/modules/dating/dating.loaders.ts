import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { DatingAlias } from './dating-alias.entity';

export function datingLoaders() {
  return {
    aliasById: createLoader<string, DatingAlias>((ids) => byIds(DatingAlias, ids), (a) => a.id),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    dating: ReturnType<typeof datingLoaders>;
  }
}
