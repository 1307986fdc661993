import { restTable } from '../../rest/route';

const SONG_FIELDS = 'id playlistId title artist album coverImageUrl songFileUrl isAdminApproved playCount likeCount';

export const nootRest = restTable([
  {
    method: 'GET',
    path: '/api/noot/playlists/active',
    operation: `query NootActivePlaylist { nootActivePlaylist { id name month year } }`,
    result: (d) => d.nootActivePlaylist,
  },
  {
    method: 'GET',
    path: '/api/noot/playlists/:id/songs',
    operation: `query NootSongs($id: ID!) { nootSongs(playlistId: $id) { ${SONG_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => d.nootSongs,
  },
  {
    method: 'GET',
    path: '/api/noot/monthly-likes',
    operation: `query NootMonthlyLikes { nootMonthlyLikes { likesRemaining } }`,
    result: (d) => d.nootMonthlyLikes,
  },
  {
    method: 'GET',
    path: '/api/noot/playlists/:id/liked-songs',
    operation: `query NootLikedSongs($id: ID!) { nootLikedSongIds(playlistId: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => d.nootLikedSongIds,
  },
  {
    method: 'POST',
    path: '/api/noot/songs/:id/play',
    operation: `mutation PlayNootSong($id: ID!) { playNootSong(id: $id) { ${SONG_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => d.playNootSong,
  },
  {
    method: 'POST',
    path: '/api/noot/songs/:id/like',
    operation: `mutation LikeNootSong($id: ID!) { likeNootSong(id: $id) { ${SONG_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => d.likeNootSong,
  },
  {
    method: 'DELETE',
    path: '/api/noot/songs/:id/like',
    operation: `mutation UnlikeNootSong($id: ID!) { unlikeNootSong(id: $id) { ${SONG_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => d.unlikeNootSong,
  },
  {
    method: 'POST',
    path: '/api/noot/songs',
    operation:
      `mutation UploadNootSong($input: UploadNootSongInput!) { uploadNootSong(input: $input) ` + `{ ${SONG_FIELDS} } }`,
    body: {
      playlistId: 'string?',
      title: 'string?',
      artist: 'string?',
      album: 'string?',
      coverImageUrl: 'string?',
      songFileUrl: 'string?',
    },
    // The spec sends the files inline as coverImageUrl and songFileUrl (data URLs).
    variables: ({ body }) => ({
      input: {
        playlistId: body.playlistId ?? null,
        title: body.title ?? null,
        artist: body.artist ?? null,
        album: body.album ?? null,
        coverImage: body.coverImageUrl || null,
        songFile: body.songFileUrl ?? null,
      },
    }),
    result: (d) => d.uploadNootSong,
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'POST',
    path: '/api/noot/playlists',
    operation:
      `mutation CreateNootPlaylist($input: CreateNootPlaylistInput!) { createNootPlaylist(input: $input) { ` +
      `id name month year } }`,
    body: { name: 'string?', month: 'numeric?', year: 'numeric?' },
    variables: ({ body }) => ({
      input: { name: body.name ?? null, month: body.month ?? null, year: body.year ?? null },
    }),
    result: (d) => d.createNootPlaylist,
    status: 201,
  },
]);
