import { describe, expect, it } from 'vitest';
import { formatCoordinates, googleMapsUrl } from './maps';

describe('maps helpers', () => {
  it('builds the maps search link from coordinates', () => {
    expect(googleMapsUrl(1.5, -2)).toBe('https://www.google.com/maps/search/?api=1&query=1.5,-2');
  });

  it('shows coordinates with five decimals, latitude first', () => {
    expect(formatCoordinates(-33.9881, 18.4326)).toBe('-33.98810, 18.43260');
    expect(formatCoordinates(0, -0.000004)).toBe('0.00000, -0.00000');
  });
});
