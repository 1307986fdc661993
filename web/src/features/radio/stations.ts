/**
 * The fixed radio stations (spec 002, "Radio Stations"; section 3 "Radio station (fixed): id, name, genre, stream
 * url, logo"): ten on the /radio page, eight of them in the floating desktop player (id, name, stream url), in the
 * spec's order: Jacaranda FM, 947, 5FM, KFM, Cape Talk, OFM, Classic FM, Radio 2000.
 *
 * The spec names no stream URLs or logo files: the URLs are the stations' public streams as published by their
 * streaming hosts (the app's Content-Security-Policy allows these hosts for media only, see api/src/web-app.ts),
 * and the logo is drawn by the app (the station's short mark on its colour) so no third-party image is loaded.
 */
export interface RadioStation {
  id: string;
  name: string;
  genre: string;
  streamUrl: string;
  /** The station's logo: a short mark drawn on its brand colour. */
  logo: { mark: string; color: string };
}

export const RADIO_STATIONS: readonly RadioStation[] = [
  {
    id: 'jacaranda-fm',
    name: 'Jacaranda FM',
    genre: 'Adult Contemporary',
    streamUrl: 'https://edge.iono.fm/xice/jacarandafm_live_medium.aac',
    logo: { mark: 'JFM', color: 'purple' },
  },
  {
    id: '947',
    name: '947',
    genre: 'Hit Music',
    streamUrl: 'https://playerservices.streamtheworld.com/api/livestream-redirect/FM947AAC.aac',
    logo: { mark: '947', color: 'pink' },
  },
  {
    id: '5fm',
    name: '5FM',
    genre: 'Pop & Dance',
    streamUrl: 'https://edge.iono.fm/xice/5fm_live_medium.aac',
    logo: { mark: '5FM', color: 'orange' },
  },
  {
    id: 'kfm',
    name: 'KFM',
    genre: 'Hit Music',
    streamUrl: 'https://playerservices.streamtheworld.com/api/livestream-redirect/KFMAAC.aac',
    logo: { mark: 'KFM', color: 'red' },
  },
  {
    id: 'cape-talk',
    name: 'Cape Talk',
    genre: 'Talk',
    streamUrl: 'https://playerservices.streamtheworld.com/api/livestream-redirect/CAPE_TALKAAC.aac',
    logo: { mark: 'CT', color: 'blue' },
  },
  {
    id: 'ofm',
    name: 'OFM',
    genre: 'Adult Contemporary',
    streamUrl: 'https://edge.iono.fm/xice/ofm_live_medium.aac',
    logo: { mark: 'OFM', color: 'yellow' },
  },
  {
    id: 'classic-fm',
    name: 'Classic FM',
    genre: 'Classical',
    streamUrl: 'https://edge.iono.fm/xice/classicfm_live_medium.aac',
    logo: { mark: 'CFM', color: 'gray' },
  },
  {
    id: 'radio-2000',
    name: 'Radio 2000',
    genre: 'Music & Sport',
    streamUrl: 'https://edge.iono.fm/xice/radio2000_live_medium.aac',
    logo: { mark: 'R2K', color: 'teal' },
  },
  {
    id: 'rsg',
    name: 'RSG',
    genre: 'Afrikaans',
    streamUrl: 'https://edge.iono.fm/xice/rsg_live_medium.aac',
    logo: { mark: 'RSG', color: 'green' },
  },
  {
    id: 'metro-fm',
    name: 'Metro FM',
    genre: 'Urban Contemporary',
    streamUrl: 'https://edge.iono.fm/xice/metrofm_live_medium.aac',
    logo: { mark: 'MFM', color: 'cyan' },
  },
];

/** The floating player's eight stations (id, name, stream url), the same streams as on the page. */
export const FLOATING_STATIONS: readonly Pick<RadioStation, 'id' | 'name' | 'streamUrl'>[] = RADIO_STATIONS.slice(
  0,
  8,
).map(({ id, name, streamUrl }) => ({ id, name, streamUrl }));

/** Volume: 0 to 100, step 1, default 70 (spec 002 section 9). */
export const DEFAULT_VOLUME = 70;

/** A stream that has not started playing by then is shown as failed. */
export const STREAM_LOAD_TIMEOUT_MS = 8_000;

/** The station after (step 1) or before (step -1) `index`, wrapping around the list. */
export const wrapIndex = (index: number, step: number, length: number) => (((index + step) % length) + length) % length;
