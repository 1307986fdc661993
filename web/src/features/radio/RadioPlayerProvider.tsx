import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_VOLUME, STREAM_LOAD_TIMEOUT_MS } from './stations';

export type RadioStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';
/** Which player started the current station: the /radio page or the floating player. */
export type RadioSource = 'page' | 'floating';
export interface PlayableStation {
  id: string;
  name: string;
  streamUrl: string;
}

export interface RadioPlayer {
  station: PlayableStation | null;
  source: RadioSource | null;
  status: RadioStatus;
  volume: number;
  /** Starts a station from the beginning of its stream (a new station, or the same one again after an error). */
  play: (station: PlayableStation, source: RadioSource) => void;
  /** Plays or pauses the current station. */
  toggle: () => void;
  pause: () => void;
  setVolume: (volume: number) => void;
  /** The floating player: shown or closed (the mobile sheet's Radio entry opens it). */
  floatingOpen: boolean;
  openFloating: () => void;
  closeFloating: () => void;
}

const RadioContext = createContext<RadioPlayer | null>(null);

/**
 * The one audio player of the app: the /radio page and the floating player both drive this single <audio>, so
 * two stations never play at once. A stream that has neither 'playing' nor 'canplay' within
 * STREAM_LOAD_TIMEOUT_MS (or that fails) shows the error state instead of loading for ever.
 */
export function RadioPlayerProvider({
  children,
  floatingOpenAtStart = true,
  createAudio = () => new Audio(),
}: {
  children: ReactNode;
  floatingOpenAtStart?: boolean;
  createAudio?: () => HTMLAudioElement;
}) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [station, setStation] = useState<PlayableStation | null>(null);
  const [source, setSource] = useState<RadioSource | null>(null);
  const [status, setStatus] = useState<RadioStatus>('idle');
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME);
  const [floatingOpen, setFloatingOpen] = useState(floatingOpenAtStart);
  const volumeRef = useRef(volume);

  const clearTimer = () => window.clearTimeout(timer.current);

  const audio = useCallback((): HTMLAudioElement => {
    if (audioRef.current) return audioRef.current;
    const a = createAudio();
    a.preload = 'none';
    a.volume = volumeRef.current / 100;
    const started = () => {
      clearTimer();
      setStatus((s) => (s === 'loading' ? (a.paused ? 'paused' : 'playing') : s));
    };
    a.addEventListener('playing', () => {
      clearTimer();
      setStatus('playing');
    });
    a.addEventListener('canplay', started);
    a.addEventListener('error', () => {
      if (!a.getAttribute('src')) return;
      clearTimer();
      setStatus('error');
    });
    audioRef.current = a;
    return a;
  }, [createAudio]);

  const start = useCallback(
    (next: PlayableStation) => {
      const a = audio();
      clearTimer();
      a.pause();
      // A new src restarts the stream from now (a live stream has nothing to resume).
      a.setAttribute('src', next.streamUrl);
      a.load();
      setStatus('loading');
      timer.current = window.setTimeout(() => {
        a.pause();
        setStatus('error');
      }, STREAM_LOAD_TIMEOUT_MS);
      const played = a.play();
      if (played !== undefined && typeof played.catch === 'function') {
        played.catch((err: unknown) => {
          // A pause or a newer station interrupts this play(): not an error of the stream.
          if (err instanceof DOMException && err.name === 'AbortError') return;
          if (a.getAttribute('src') !== next.streamUrl) return;
          clearTimer();
          setStatus('error');
        });
      }
    },
    [audio],
  );

  const play = useCallback(
    (next: PlayableStation, from: RadioSource) => {
      setStation(next);
      setSource(from);
      start(next);
    },
    [start],
  );

  const pause = useCallback(() => {
    clearTimer();
    audioRef.current?.pause();
    setStatus((s) => (s === 'idle' || s === 'error' ? s : 'paused'));
  }, []);

  const toggle = useCallback(() => {
    if (!station) return;
    if (status === 'playing' || status === 'loading') pause();
    // Resuming a live stream starts it again at the live point.
    else start(station);
  }, [station, status, pause, start]);

  const setVolume = useCallback((v: number) => {
    const clamped = Math.min(100, Math.max(0, Math.round(v)));
    volumeRef.current = clamped;
    setVolumeState(clamped);
    if (audioRef.current) audioRef.current.volume = clamped / 100;
  }, []);

  useEffect(
    () => () => {
      clearTimer();
      audioRef.current?.pause();
      audioRef.current?.removeAttribute('src');
    },
    [],
  );

  const value = useMemo<RadioPlayer>(
    () => ({
      station,
      source,
      status,
      volume,
      play,
      toggle,
      pause,
      setVolume,
      floatingOpen,
      openFloating: () => setFloatingOpen(true),
      closeFloating: () => {
        setFloatingOpen(false);
        // Closing the floating player stops what it was playing; the page's station plays on.
        if (source === 'floating') pause();
      },
    }),
    [station, source, status, volume, play, toggle, pause, setVolume, floatingOpen],
  );
  return <RadioContext.Provider value={value}>{children}</RadioContext.Provider>;
}

export function useRadio(): RadioPlayer {
  const ctx = useContext(RadioContext);
  if (!ctx) throw new Error('useRadio needs a RadioPlayerProvider');
  return ctx;
}

/** The player, or null outside a RadioPlayerProvider (the shell's entries then do nothing). */
export const useOptionalRadio = () => useContext(RadioContext);
