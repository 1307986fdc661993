import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { Route, Routes, useSearchParams } from 'react-router';
import {
  DatingMatchesDocument,
  DatingProfilesDocument,
  MyDatingAliasDocument,
  ReactToDatingAliasDocument,
  SaveDatingAliasDocument,
  type DatingAlias_AliasFragment,
} from './dating.generated';
import { StartConversationDocument } from '../messages/messages.generated';
import { appConfigMock, TEST_DATING_LIMITS } from '../../test/appConfig';
import { renderWithProviders } from '../../test/render';
import DatingScreen, { PRIVACY_NOTE } from './DatingScreen';
import { ADVANCE_DELAY_MS, playMatchChime } from './datingText';

function makeAlias(
  overrides: Partial<DatingAlias_AliasFragment> = {},
): DatingAlias_AliasFragment & { __typename: 'DatingAlias' } {
  return {
    __typename: 'DatingAlias',
    id: 'me',
    aliasName: 'Sunset Seeker',
    age: 30,
    bio: 'Braai master',
    interests: ['hiking', 'jazz'],
    photos: [],
    lookingFor: 'long-term',
    gender: 'male',
    interestedIn: 'everyone',
    minAge: 18,
    maxAge: 99,
    radiusKm: 50,
    ...overrides,
  };
}
const profile = (
  id: string,
  aliasName: string,
  compatibility: number,
  extra: Partial<DatingAlias_AliasFragment> = {},
) => ({
  ...makeAlias({ id, aliasName, ...extra }),
  compatibility,
  distanceKm: 5,
});
const mine = (alias: DatingAlias_AliasFragment | null): MockLink.MockedResponse => ({
  request: { query: MyDatingAliasDocument },
  result: { data: { myDatingAlias: alias } },
});
const profiles = (list: unknown[]): MockLink.MockedResponse => ({
  request: { query: DatingProfilesDocument, variables: { first: 50 } },
  result: { data: { datingProfiles: list } },
});
const reactMock = (
  aliasId: string,
  kind: string,
  match: { id: string; aliasName: string } | null,
): MockLink.MockedResponse => ({
  request: { query: ReactToDatingAliasDocument, variables: { aliasId, kind } },
  result: {
    data: {
      reactToDatingAlias: {
        __typename: 'DatingReactionResult',
        kind,
        match: match && {
          __typename: 'DatingMatch',
          id: match.id,
          createdAt: new Date().toISOString(),
          alias: { __typename: 'DatingAlias', id: `${match.id}-alias`, aliasName: match.aliasName, photos: [] },
        },
      },
    },
  },
});
const matchesMock = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: DatingMatchesDocument, variables: { first: 20 } },
  result: {
    data: {
      datingMatches: {
        __typename: 'DatingMatchConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
});

function MessagesProbe() {
  const [params] = useSearchParams();
  return <p>Messages screen: {params.get('conversation')}</p>;
}

const startMock = (datingMatchId: string): MockLink.MockedResponse => ({
  request: { query: StartConversationDocument, variables: { input: { datingMatchId } } },
  result: {
    data: {
      startConversation: {
        __typename: 'Conversation',
        id: `conv-${datingMatchId}`,
        updatedAt: new Date().toISOString(),
        unreadCount: 0,
        peerReadAt: null,
        peer: { __typename: 'ConversationPeer', name: 'Table Mountain Hiker', photoUrl: null, memberId: null },
        me: { __typename: 'ConversationPeer', name: 'Sunset Seeker' },
        lastMessage: null,
      },
    },
  },
});

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/dating') =>
  renderWithProviders(
    <Routes>
      <Route path="/dating" element={<DatingScreen />} />
      <Route path="/messages" element={<MessagesProbe />} />
    </Routes>,
    { mocks, route },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DatingScreen', () => {
  it('a member without an alias sees the privacy note and the alias form; it saves with the defaults and the Cape Town fallback, then Discover shows', async () => {
    const user = userEvent.setup();
    const input = {
      aliasName: 'Night Owl',
      age: 31,
      bio: 'Jazz and braai',
      interests: 'jazz, braai',
      photos: [],
      lookingFor: 'friend',
      gender: 'female',
      interestedIn: 'everyone',
      minAge: 18,
      maxAge: 99,
      radiusKm: 50,
      latitude: -33.9249,
      longitude: 18.4241,
    };
    renderScreen([
      mine(null),
      {
        request: { query: SaveDatingAliasDocument, variables: { input } },
        result: { data: { saveDatingAlias: makeAlias({ aliasName: 'Night Owl' }) } },
      },
      mine(makeAlias({ aliasName: 'Night Owl' })),
      profiles([]),
    ]);
    expect(await screen.findByText(PRIVACY_NOTE)).toBeInTheDocument();
    const form = await screen.findByTestId('dating-alias-form');
    const create = within(form).getByRole('button', { name: 'Create Alias' });
    expect(create).toBeDisabled();
    expect(within(form).getByText('Search Radius: 50 km')).toBeInTheDocument();
    const slider = within(form).getByRole('slider', { name: 'Search radius in km' });
    expect(slider).toHaveAttribute('min', '5');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveAttribute('step', '5');
    await user.type(within(form).getByRole('textbox', { name: /Alias Name/ }), 'Night Owl');
    await user.type(within(form).getByRole('spinbutton', { name: /^Age/ }), '31');
    await user.type(within(form).getByRole('textbox', { name: /Bio/ }), 'Jazz and braai');
    await user.type(within(form).getByRole('textbox', { name: /Interests/ }), 'jazz, braai');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Looking For/ }), 'friend');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Gender/ }), 'female');
    expect(create).toBeDisabled();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Interested In/ }), 'everyone');
    expect(create).toBeEnabled();
    await user.click(create);
    expect(await screen.findByTestId('dating-empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Alias' })).toBeInTheDocument();
  });

  it("the alias form takes its ranges, default radius and photo limit from the server's appConfig", async () => {
    renderScreen([
      appConfigMock({
        dating: { ...TEST_DATING_LIMITS, maxRadiusKm: 60, defaultRadiusKm: 20, maxPhotos: 2, minAge: 21 },
      }),
      mine(null),
    ]);
    const form = await screen.findByTestId('dating-alias-form');
    expect(within(form).getByText('Search Radius: 20 km')).toBeInTheDocument();
    expect(within(form).getByRole('slider', { name: 'Search radius in km' })).toHaveAttribute('max', '60');
    expect(within(form).getByText('Photos (0/2)')).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: /^Age/ })).toHaveAttribute('min', '21');
    expect(within(form).getByRole('spinbutton', { name: 'Minimum Age' })).toHaveValue(21);
  });

  it('shows a card with compatibility; Like advances only after 300 ms; Pass advances at once', async () => {
    const user = userEvent.setup();
    renderScreen([
      mine(makeAlias()),
      profiles([
        profile('a1', 'Table Mountain Hiker', 50),
        profile('a2', 'Braai Master', 0),
        profile('a3', 'Surfer', 25),
      ]),
      reactMock('a1', 'like', null),
      reactMock('a2', 'pass', null),
    ]);
    const card = await screen.findByTestId('dating-card');
    expect(within(card).getByText('Table Mountain Hiker, 30')).toBeInTheDocument();
    expect(within(card).getByTestId('compatibility')).toHaveTextContent('50% compatible');
    expect(within(card).getByText('Within 5 km')).toBeInTheDocument();
    const clicked = Date.now();
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(screen.getByText('Table Mountain Hiker, 30')).toBeInTheDocument();
    expect(await screen.findByText('Braai Master, 30')).toBeInTheDocument();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(ADVANCE_DELAY_MS - 20);
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Surfer, 30')).toBeInTheDocument();
  });

  it("a mutual wink shows It's a Match! for 2 s with the chime, then Send Message starts the match's conversation and opens it in Messages", async () => {
    const user = userEvent.setup();
    const oscillators: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const osc = {
          type: '',
          frequency: { value: 0 },
          connect: (g: unknown) => g,
          start: () => undefined,
          stop: () => undefined,
        };
        oscillators.push(1);
        return osc;
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
          connect: (d: unknown) => d,
        };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    renderScreen([
      mine(makeAlias()),
      profiles([profile('a1', 'Table Mountain Hiker', 50), profile('a2', 'Braai Master', 0)]),
      reactMock('a1', 'wink', { id: 'm1', aliasName: 'Table Mountain Hiker' }),
      startMock('m1'),
    ]);
    await user.click(within(await screen.findByTestId('dating-card')).getByRole('button', { name: 'Wink' }));
    const overlay = await screen.findByRole('alertdialog', { name: "It's a Match!" });
    expect(overlay).toHaveTextContent('You and Table Mountain Hiker like each other.');
    expect(oscillators).toHaveLength(4);
    await act(() => new Promise((r) => setTimeout(r, 1000)));
    expect(screen.getByRole('alertdialog', { name: "It's a Match!" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Braai Master, 30')).toBeInTheDocument();
    const last = screen.getByTestId('dating-last-match');
    expect(last).toHaveTextContent('You matched with Table Mountain Hiker');
    await user.click(within(last).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Messages screen: conv-m1')).toBeInTheDocument();
    expect(await screen.findByText('Starting conversation with Table Mountain Hiker')).toBeInTheDocument();
  });

  it('the chime stays silent without Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => playMatchChime()).not.toThrow();
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('blocked');
        }
      },
    );
    expect(() => playMatchChime()).not.toThrow();
  });

  it('Matches lists the matched aliases with Send Message (the tab in the URL)', async () => {
    renderScreen(
      [
        mine(makeAlias()),
        matchesMock([
          {
            __typename: 'DatingMatch',
            id: 'm1',
            createdAt: new Date().toISOString(),
            alias: { __typename: 'DatingAlias', id: 'a1', aliasName: 'Braai Master', age: 34, photos: [] },
          },
        ]),
      ],
      '/dating?tab=matches',
    );
    const match = await screen.findByTestId('dating-match');
    expect(within(match).getByText('Braai Master, 34')).toBeInTheDocument();
    expect(within(match).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });
});
