/**
 * The dating feature's constants and texts (spec 001 sections 4, 5, 6 and 9). The alias limits (ages, radius,
 * photos) are the server's, read from appConfig (useDatingLimits), never copied here.
 */
/** Like and Wink advance after this; after MATCH_OVERLAY_MS when the match overlay shows. */
export const ADVANCE_DELAY_MS = 300;
export const MATCH_OVERLAY_MS = 2000;
export const MATCH_TITLE = "It's a Match!";

export const LOOKING_FOR = [
  { value: 'nsa', label: 'NSA' },
  { value: 'long-term', label: 'Long-term' },
  { value: 'friend', label: 'Friend' },
];
export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
];
export const INTERESTED_IN = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'everyone', label: 'Everyone' },
];

export const openingText = (alias: string) => `Starting conversation with ${alias}`;

/** Distances in km with one decimal under 10 km. */
/**
 * Discover's distance, which the server gives in steps of 5 km (an alias's position is a 5 km cell): 5 reads "Within 5
 * km".
 */
export const distanceText = (km: number | null | undefined): string | null =>
  km === null || km === undefined ? null : km <= 5 ? 'Within 5 km' : `About ${Math.round(km)} km away`;

/**
 * The match chime: four short rising notes (C5 E5 G5 C6) through Web Audio. Without audio (no AudioContext, or the
 * browser refuses) it stays silent.
 */
export function playMatchChime(): void {
  try {
    const Ctx =
      (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const notes = [523.25, 659.25, 783.99, 1046.5];
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = ctx.currentTime + i * 0.15;
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.15);
    });
    setTimeout(() => void ctx.close().catch(() => undefined), 1000);
  } catch {
    // No audio: the overlay alone says it.
  }
}
