import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { NearbyUsersDocument, UpdateRadarSettingsDocument } from './radar.generated';
import { appConfigMock, TEST_RADAR_OPTIONS } from '../../test/appConfig';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import SaffaRadarScreen from './SaffaRadarScreen';

const HERE = { latitude: -33.9249, longitude: 18.4241 };

function withGeolocation(allowed: boolean | undefined) {
  const value =
    allowed === undefined
      ? undefined
      : {
          getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) =>
            allowed
              ? ok({ coords: HERE } as GeolocationPosition)
              : fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
        };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value });
}
afterEach(() => withGeolocation(undefined));

const settingsMock = (radarEnabled: boolean, position = true, fail = false): MockLink.MockedResponse => ({
  request: {
    query: UpdateRadarSettingsDocument,
    variables: radarEnabled && position ? { radarEnabled, ...HERE } : { radarEnabled },
  },
  result: fail
    ? { errors: [new GraphQLError('Database unavailable')] }
    : { data: { updateRadarSettings: { __typename: 'User', id: 'u1', radarEnabled } } },
});
const person = (id: string, name: string, distanceKm: number) => ({
  __typename: 'NearbyUser',
  id,
  displayName: name,
  initials: name.slice(0, 1),
  profileImageUrl: null,
  distanceKm,
});
const nearbyMock = (radiusKm: number, nodes: ReturnType<typeof person>[] | Error): MockLink.MockedResponse => ({
  request: { query: NearbyUsersDocument, variables: { radiusKm, first: 20 } },
  result:
    nodes instanceof Error
      ? { errors: [new GraphQLError(nodes.message)] }
      : {
          data: {
            nearbyUsers: {
              __typename: 'NearbyUserConnection',
              nodes,
              pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
            },
          },
        },
});

function renderRadar(radarEnabled: boolean, mocks: MockLink.MockedResponse[], route = '/saffa-radar') {
  return renderWithProviders(
    <CachedSession>
      <SaffaRadarScreen />
    </CachedSession>,
    { mocks, route, cache: cacheWithMe(makeUser({ radarEnabled })) },
  );
}

describe('SaffaRadarScreen', () => {
  it('shows Radar Disabled when radar is off, and asks for nothing', async () => {
    withGeolocation(true);
    renderRadar(false, []);
    expect(await screen.findByRole('heading', { name: 'Radar Disabled' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /SAFFA Radar/ })).not.toBeChecked();
    expect(screen.getByTestId('radar-radius')).toHaveValue('50');
  });

  it('with radar on posts the position, scans, then lists nearby members nearest first with distance and Message', async () => {
    withGeolocation(true);
    renderRadar(true, [
      settingsMock(true),
      nearbyMock(50, [person('a', 'Sipho Dlamini', 1), person('b', 'Anna Botha', 24), person('c', 'Close By', 0)]),
    ]);
    expect(screen.getByText('Scanning for nearby users...')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('nearby-user');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Sipho Dlamini',
      'Anna Botha',
      'Close By',
    ]);
    // The server rounds to whole km; under 1 km reads '< 1 km'.
    expect(cards[2]).toHaveTextContent('< 1 km away');
    expect(cards[0]).toHaveTextContent('1 km away');
    expect(cards[1]).toHaveTextContent('24 km away');
    expect(within(cards[0]).getByRole('button', { name: 'Message Sipho Dlamini' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link')).toHaveAttribute('href', '/profile/a');
  });

  it('shows No Users Found when nobody is near, and searches the radius the member picks (kept in the URL)', async () => {
    withGeolocation(true);
    const user = userEvent.setup();
    renderRadar(
      true,
      [settingsMock(true), nearbyMock(10, []), nearbyMock(100, [person('c', 'Far Away', 87)])],
      '/saffa-radar?radius=10',
    );
    expect(await screen.findByRole('heading', { name: 'No Users Found' })).toBeInTheDocument();
    expect(screen.getByText(/within 10 km/)).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('radar-radius'), '100');
    expect(await screen.findByText('Far Away')).toBeInTheDocument();
    expect(Array.from((screen.getByTestId('radar-radius') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '1',
      '5',
      '10',
      '25',
      '50',
      '100',
    ]);
  });

  it("shows Location Access Required with the spec's text when the position is refused, and never searches", async () => {
    withGeolocation(false);
    renderRadar(true, []);
    expect(await screen.findByRole('heading', { name: 'Location Access Required' })).toBeInTheDocument();
    expect(screen.getAllByText('Could not get your location. Please enable location services.').length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText('Scanning for nearby users...')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch nearby users' when the search fails", async () => {
    withGeolocation(true);
    renderRadar(true, [settingsMock(true), nearbyMock(50, new Error('Database unavailable'))]);
    expect(await screen.findByText('Failed to fetch nearby users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("turns radar on with the device's position ('Radar Enabled') and off again ('Radar Disabled')", async () => {
    withGeolocation(true);
    const user = userEvent.setup();
    renderRadar(false, [settingsMock(true), nearbyMock(50, [person('a', 'Sipho Dlamini', 2)]), settingsMock(false)]);
    await user.click(await screen.findByRole('switch', { name: /SAFFA Radar/ }));
    expect(await screen.findByText('Radar Enabled')).toBeInTheDocument();
    expect(await screen.findByText('Sipho Dlamini')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /SAFFA Radar/ }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Radar Disabled' })).toBeInTheDocument());
    expect(screen.queryByText('Sipho Dlamini')).not.toBeInTheDocument();
  });

  it('says how long to wait when the position moved less than a minute ago (RATE_LIMITED)', async () => {
    withGeolocation(true);
    const user = userEvent.setup();
    const limited = 'Your radar position can change once a minute. Please try again in 42 seconds.';
    renderRadar(false, [
      {
        request: { query: UpdateRadarSettingsDocument, variables: { radarEnabled: true, ...HERE } },
        result: { errors: [new GraphQLError(limited, { extensions: { code: 'RATE_LIMITED', retryAfter: 42 } })] },
      },
    ]);
    await user.click(await screen.findByRole('switch', { name: /SAFFA Radar/ }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Radar Disabled' })).toBeInTheDocument();
  });

  it('takes its radius options from the server (appConfig)', async () => {
    withGeolocation(true);
    renderRadar(true, [
      appConfigMock({ radar: { ...TEST_RADAR_OPTIONS, radiiKm: [2, 20], defaultRadiusKm: 20 } }),
      settingsMock(true),
      nearbyMock(20, []),
    ]);
    expect(await screen.findByRole('heading', { name: 'No Users Found' })).toBeInTheDocument();
    expect(screen.getByTestId('radar-radius')).toHaveValue('20');
    expect(Array.from((screen.getByTestId('radar-radius') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '2',
      '20',
    ]);
  });

  it("says 'Failed to update radar settings. Please try again.' when the toggle fails, and radar stays off", async () => {
    withGeolocation(true);
    const user = userEvent.setup();
    renderRadar(false, [settingsMock(true, true, true)]);
    await user.click(await screen.findByRole('switch', { name: /SAFFA Radar/ }));
    expect(await screen.findByText('Failed to update radar settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /SAFFA Radar/ })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Radar Disabled' })).toBeInTheDocument();
  });
});
