import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { UiProvider } from '../../ui/UiProvider';
import { MemoryRouter } from 'react-router';
import { FloatingRadioPlayer } from './FloatingRadioPlayer';
import { RadioPlayerProvider } from './RadioPlayerProvider';
import RadioScreen from './RadioScreen';
import { FLOATING_STATIONS, RADIO_STATIONS, STREAM_LOAD_TIMEOUT_MS, wrapIndex } from './stations';

/**
 * A stand-in for the <audio> element: records what it is asked to play; the test says when a stream starts or fails.
 */
class FakeAudio extends EventTarget {
  attrs = new Map<string, string>();
  paused = true;
  volume = 1;
  preload = '';
  plays: string[] = [];
  setAttribute(k: string, v: string) {
    this.attrs.set(k, v);
  }
  getAttribute(k: string) {
    return this.attrs.get(k) ?? null;
  }
  removeAttribute(k: string) {
    this.attrs.delete(k);
  }
  load() {}
  play() {
    this.paused = false;
    this.plays.push(this.getAttribute('src')!);
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  /** The stream starts (or fails) as a browser would announce it. */
  emit(type: 'playing' | 'error') {
    act(() => {
      this.dispatchEvent(new Event(type));
    });
  }
}

let audios: FakeAudio[] = [];
function renderRadio() {
  audios = [];
  const createAudio = () => {
    const a = new FakeAudio();
    audios.push(a);
    return a as unknown as HTMLAudioElement;
  };
  render(
    <UiProvider>
      <MemoryRouter>
        <RadioPlayerProvider createAudio={createAudio}>
          <RadioScreen />
          <FloatingRadioPlayer />
        </RadioPlayerProvider>
      </MemoryRouter>
    </UiProvider>,
  );
  return { card: screen.getByTestId('now-playing'), floating: screen.getByTestId('floating-radio') };
}

afterEach(() => vi.useRealTimers());

describe('radio stations', () => {
  it('has the spec lists: ten page stations, the floating eight in the spec order, default volume 70', () => {
    expect(RADIO_STATIONS).toHaveLength(10);
    expect(new Set(RADIO_STATIONS.map((s) => s.id)).size).toBe(10);
    expect(FLOATING_STATIONS.map((s) => s.name)).toEqual([
      'Jacaranda FM',
      '947',
      '5FM',
      'KFM',
      'Cape Talk',
      'OFM',
      'Classic FM',
      'Radio 2000',
    ]);
    for (const s of RADIO_STATIONS) expect(s.streamUrl).toMatch(/^https:\/\//);
    expect(wrapIndex(9, 1, 10)).toBe(0);
    expect(wrapIndex(0, -1, 10)).toBe(9);
    renderRadio();
    expect(screen.getAllByTestId('radio-volume').map((e) => e.textContent)).toEqual(['70%', '70%']);
  });

  it('previous and next wrap around the ten stations and play them', () => {
    const { card } = renderRadio();
    fireEvent.click(within(card).getByRole('button', { name: 'Previous station' }));
    expect(within(card).getByTestId('now-playing-name')).toHaveTextContent(RADIO_STATIONS[9].name);
    expect(audios[0].plays.at(-1)).toBe(RADIO_STATIONS[9].streamUrl);
    fireEvent.click(within(card).getByRole('button', { name: 'Next station' }));
    expect(within(card).getByTestId('now-playing-name')).toHaveTextContent(RADIO_STATIONS[0].name);
    expect(audios[0].plays.at(-1)).toBe(RADIO_STATIONS[0].streamUrl);
  });

  it('one player for both: starting one stops the other, and only one audio element ever plays', () => {
    const { card, floating } = renderRadio();
    fireEvent.change(within(floating).getByRole('combobox', { name: 'Station' }), { target: { value: 'kfm' } });
    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    audios[0].emit('playing');
    expect(within(floating).getByRole('button', { name: 'Pause radio' })).toBeInTheDocument();
    expect(within(floating).getByTestId('radio-status')).toHaveTextContent('Playing');

    fireEvent.click(screen.getByRole('button', { name: /Classic FM/ }));
    audios[0].emit('playing');
    expect(within(card).getByTestId('now-playing-name')).toHaveTextContent('Classic FM');
    expect(within(card).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // The floating player no longer plays: its button offers Play again.
    expect(within(floating).getByRole('button', { name: 'Play radio' })).toBeInTheDocument();
    expect(audios).toHaveLength(1);
    expect(audios[0].getAttribute('src')).toBe(RADIO_STATIONS.find((s) => s.id === 'classic-fm')!.streamUrl);

    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    expect(within(card).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(audios[0].getAttribute('src')).toBe(RADIO_STATIONS.find((s) => s.id === 'kfm')!.streamUrl);
  });

  it('changing station in the floating player while playing restarts the stream with the new station', () => {
    const { floating } = renderRadio();
    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    audios[0].emit('playing');
    fireEvent.change(within(floating).getByRole('combobox', { name: 'Station' }), { target: { value: '5fm' } });
    expect(audios[0].plays).toEqual([FLOATING_STATIONS[0].streamUrl, FLOATING_STATIONS[2].streamUrl]);
    expect(within(floating).getByTestId('radio-status')).toHaveTextContent('Connecting…');
    // Paused, a change only chooses.
    audios[0].emit('playing');
    fireEvent.click(within(floating).getByRole('button', { name: 'Pause radio' }));
    fireEvent.change(within(floating).getByRole('combobox', { name: 'Station' }), { target: { value: 'ofm' } });
    expect(audios[0].plays).toHaveLength(2);
  });

  it('a stream that fails shows the error state; playing again restarts it', () => {
    const { card } = renderRadio();
    fireEvent.click(within(card).getByRole('button', { name: 'Play' }));
    audios[0].emit('error');
    expect(within(card).getByRole('alert')).toHaveTextContent('This station could not be loaded.');
    fireEvent.click(within(card).getByRole('button', { name: 'Play' }));
    expect(audios[0].plays).toHaveLength(2);
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a failed stream, choosing another station in the floating player tries the new one', () => {
    const { floating } = renderRadio();
    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    audios[0].emit('error');
    expect(within(floating).getByRole('alert')).toBeInTheDocument();
    fireEvent.change(within(floating).getByRole('combobox', { name: 'Station' }), { target: { value: 'kfm' } });
    expect(audios[0].plays.at(-1)).toBe(FLOATING_STATIONS[3].streamUrl);
    expect(within(floating).getByTestId('radio-status')).toHaveTextContent('Connecting…');
  });

  it('a stream that never starts shows the error state after the load timeout, not a hang', () => {
    vi.useFakeTimers();
    const { floating } = renderRadio();
    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    expect(within(floating).getByTestId('radio-status')).toHaveTextContent('Connecting…');
    act(() => {
      vi.advanceTimersByTime(STREAM_LOAD_TIMEOUT_MS - 1);
    });
    expect(within(floating).queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(floating).getByRole('alert')).toHaveTextContent('This station could not be loaded.');
    expect(audios[0].paused).toBe(true);
  });

  it('closing the floating player stops what it plays; minimise keeps play/pause', () => {
    const { floating } = renderRadio();
    fireEvent.click(within(floating).getByRole('button', { name: 'Minimise radio player' }));
    expect(within(floating).queryByRole('combobox')).not.toBeInTheDocument();
    fireEvent.click(within(floating).getByRole('button', { name: 'Play radio' }));
    audios[0].emit('playing');
    fireEvent.click(within(floating).getByRole('button', { name: 'Close radio player' }));
    expect(screen.queryByTestId('floating-radio')).not.toBeInTheDocument();
    expect(audios[0].paused).toBe(true);
  });
});
