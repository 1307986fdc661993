/**
 * Where South Africans live, at home and abroad: the local-news template's {place} is the listed city nearest
 * to the member's coordinates, so a public feed searched by place name (Google News RSS search by default) gives
 * local news without a geocoding call.
 */
const CITIES: ReadonlyArray<readonly [string, number, number]> = [
  ['Cape Town', -33.9249, 18.4241],
  ['Johannesburg', -26.2041, 28.0473],
  ['Pretoria', -25.7479, 28.2293],
  ['Durban', -29.8587, 31.0218],
  ['Gqeberha', -33.9608, 25.6022],
  ['Bloemfontein', -29.0852, 26.1596],
  ['East London', -33.0292, 27.8546],
  ['Polokwane', -23.9045, 29.4689],
  ['Mbombela', -25.4753, 30.9694],
  ['Kimberley', -28.7282, 24.7499],
  ['George', -33.963, 22.4617],
  ['Stellenbosch', -33.9321, 18.8602],
  ['Pietermaritzburg', -29.6006, 30.3794],
  ['Rustenburg', -25.6676, 27.2421],
  ['Windhoek', -22.5609, 17.0658],
  ['Gaborone', -24.6282, 25.9231],
  ['London', 51.5072, -0.1276],
  ['Manchester', 53.4808, -2.2426],
  ['Edinburgh', 55.9533, -3.1883],
  ['Dublin', 53.3498, -6.2603],
  ['Amsterdam', 52.3676, 4.9041],
  ['Dubai', 25.2048, 55.2708],
  ['Sydney', -33.8688, 151.2093],
  ['Melbourne', -37.8136, 144.9631],
  ['Brisbane', -27.4698, 153.0251],
  ['Perth', -31.9505, 115.8605],
  ['Auckland', -36.8509, 174.7645],
  ['Toronto', 43.6532, -79.3832],
  ['Vancouver', 49.2827, -123.1207],
  ['New York', 40.7128, -74.006],
  ['Houston', 29.7604, -95.3698],
];

const rad = (d: number) => (d * Math.PI) / 180;

/** The listed city nearest to a coordinate (great-circle distance). */
export function nearestCity(lat: number, lon: number): string {
  let best = CITIES[0][0];
  let bestCos = -2;
  for (const [name, clat, clon] of CITIES) {
    // The cosine of the central angle: larger is nearer.
    const c =
      Math.sin(rad(lat)) * Math.sin(rad(clat)) + Math.cos(rad(lat)) * Math.cos(rad(clat)) * Math.cos(rad(lon - clon));
    if (c > bestCos) {
      bestCos = c;
      best = name;
    }
  }
  return best;
}
