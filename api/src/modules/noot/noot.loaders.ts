import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { NootPlaylist } from './noot-playlist.entity';

export function nootLoaders() {
  return {
    /** The playlist of each song on a page (the admin's queue spans playlists): one statement per page. */
    playlistById: createLoader<string, NootPlaylist>(
      (ids) => byIds(NootPlaylist, ids),
      (p) => p.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    noot: ReturnType<typeof nootLoaders>;
  }
}
