import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { Event } from './event.entity';

export function eventLoaders() {
  return {
    byId: createLoader<string, Event>(
      (ids) => byIds(Event, ids),
      (e) => e.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    events: ReturnType<typeof eventLoaders>;
  }
}
