import { describe, expect, it } from 'vitest';
import { formatDistanceKm, formatWholeKm } from './distance';
import { drivingDirectionsUrl } from './maps';

describe('formatDistanceKm', () => {
  it('shows one decimal under 10 km and whole km from there', () => {
    expect(formatDistanceKm(0.04)).toBe('0.0 km');
    expect(formatDistanceKm(3.46)).toBe('3.5 km');
    expect(formatDistanceKm(9.94)).toBe('9.9 km');
    expect(formatDistanceKm(42.6)).toBe('43 km');
  });
});

describe('formatWholeKm', () => {
  it("shows the radar's whole km, and '< 1 km' for 0", () => {
    expect([0, 1, 12, 100].map(formatWholeKm)).toEqual(['< 1 km', '1 km', '12 km', '100 km']);
  });
});

describe('drivingDirectionsUrl', () => {
  it('asks Google Maps for driving directions to the address', () => {
    expect(drivingDirectionsUrl('12 Bree Street, Cape Town')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Bree%20Street%2C%20Cape%20Town',
    );
  });
});
