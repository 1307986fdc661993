import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  MarketplaceListingCountDocument,
  MarketplaceListingDocument,
  MarketplaceListingsDocument,
  MarketplaceOptionsDocument,
  SetListingStatusDocument,
  type ListingCardFieldsFragment,
} from './marketplace.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import MarketplaceScreen, { MARKETPLACE_PAGE_SIZE } from './MarketplaceScreen';

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

function makeListing(
  overrides: Partial<ListingCardFieldsFragment> = {},
): ListingCardFieldsFragment & { __typename: 'MarketplaceListing' } {
  return {
    __typename: 'MarketplaceListing',
    id: 'l1',
    name: 'Weber Braai Kettle',
    price: 1800,
    condition: 'like-new',
    category: 'other',
    description: 'With the lid thermometer.',
    imageUrl: null,
    thumbnailUrl: null,
    locationName: 'Gardens',
    latitude: -33.93,
    longitude: 18.41,
    status: 'available' as const,
    viewerCanManage: false,
    viewerCanMessageSeller: true,
    distanceKm: 1.2,
    createdAt: '2026-11-23T10:00:00.000Z',
    seller: {
      __typename: 'User',
      id: 'u2',
      displayName: 'Lerato Mokoena',
      initials: 'LM',
      profileImageUrl: null,
    } as ListingCardFieldsFragment['seller'],
    ...overrides,
  };
}

const optionsMock: MockLink.MockedResponse = {
  request: { query: MarketplaceOptionsDocument },
  result: {
    data: {
      marketplaceOptions: {
        __typename: 'MarketplaceOptions',
        conditions: ['new', 'like-new', 'good', 'fair', 'poor'],
        categories: ['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'other'],
        minRadiusKm: 1,
        maxRadiusKm: 50,
        radiusStepKm: 1,
        defaultRadiusKm: 10,
      },
    },
  },
  maxUsageCount: 10,
};

/** The page of listings and, apart, the count line's total for the same filters. */
function listMock(
  nodes: ListingCardFieldsFragment[],
  total: number,
  vars: { radiusKm?: number; category?: string | null } = {},
): MockLink.MockedResponse[] {
  const filters = { ...CAPE_TOWN, radiusKm: 10, category: null, ...vars };
  return [
    {
      request: { query: MarketplaceListingsDocument, variables: { ...filters, first: MARKETPLACE_PAGE_SIZE } },
      result: {
        data: {
          marketplaceListings: {
            __typename: 'MarketplaceListingConnection',
            nodes,
            pageInfo: { __typename: 'PageInfo', endCursor: 'c1', hasNextPage: nodes.length < total },
          },
        },
      },
      maxUsageCount: 5,
    },
    {
      request: { query: MarketplaceListingCountDocument, variables: filters },
      result: { data: { marketplaceListingCount: total } },
      maxUsageCount: 5,
    },
  ];
}

const detailMock = (listing: ListingCardFieldsFragment): MockLink.MockedResponse => ({
  request: { query: MarketplaceListingDocument, variables: { id: listing.id } },
  result: { data: { marketplaceListing: listing } },
  maxUsageCount: 5,
});

function renderScreen(mocks: MockLink.MockedResponse[], route = '/marketplace') {
  return renderWithProviders(
    <SessionProvider user={makeUser()}>
      <MarketplaceScreen />
    </SessionProvider>,
    { mocks: [optionsMock, ...mocks], route },
  );
}

describe('MarketplaceScreen', () => {
  it('falls back to Cape Town with the spec toast, and shows "Showing X of Y items" with the cards', async () => {
    renderScreen([
      ...listMock(
        [makeListing(), makeListing({ id: 'l2', name: 'Oak Table', price: 3200, condition: 'good', distanceKm: 4.5 })],
        5,
      ),
    ]);
    expect(await screen.findByText('Geolocation Not Supported')).toBeInTheDocument();
    expect(await screen.findByText('Showing 2 of 5 items')).toBeInTheDocument();
    const cards = screen.getAllByTestId('listing-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Like New · 1.2 km · Gardens')).toBeInTheDocument();
    expect(within(cards[1]).getByText((text) => text.replace(/\s/g, ' ') === 'R 3 200')).toBeInTheDocument();
  });

  it('filters by the category and radius named in the URL; nothing found shows the empty state', async () => {
    renderScreen([...listMock([], 0, { radiusKm: 1, category: 'books' })], '/marketplace?radius=1&category=books');
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 items')).toBeInTheDocument();
    expect(screen.getByTestId('category-filter')).toHaveValue('books');
    expect(screen.getByTestId('radius-value')).toHaveTextContent('1 km');
  });

  it("offers Message Seller on someone else's available item only", async () => {
    renderScreen([...listMock([], 0), detailMock(makeListing())], '/marketplace?item=l1');
    const dialog = await screen.findByTestId('listing-detail');
    expect(await within(dialog).findByRole('button', { name: 'Message Seller' })).toBeInTheDocument();
    expect(within(dialog).getByText('Lerato Mokoena')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('listing-status-control')).not.toBeInTheDocument();
  });

  it('does not offer Message Seller on a pending item', async () => {
    renderScreen(
      [...listMock([], 0), detailMock(makeListing({ status: 'pending' as const, viewerCanMessageSeller: false }))],
      '/marketplace?item=l1',
    );
    const dialog = await screen.findByTestId('listing-detail');
    expect(
      await within(dialog).findByText('This item is pending: the seller is not taking messages about it.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Message Seller' })).not.toBeInTheDocument();
  });

  it("lets the owner change the status in the detail: 'Status Updated'", async () => {
    const own = makeListing({ viewerCanManage: true, viewerCanMessageSeller: false });
    const setStatus: MockLink.MockedResponse = {
      request: { query: SetListingStatusDocument, variables: { id: 'l1', status: 'sold' } },
      result: {
        data: {
          setListingStatus: {
            __typename: 'MarketplaceListing',
            id: 'l1',
            status: 'sold' as const,
            viewerCanMessageSeller: false,
          },
        },
      },
    };
    renderScreen([...listMock([], 0), detailMock(own), setStatus], '/marketplace?item=l1');
    const dialog = await screen.findByTestId('listing-detail');
    const control = await within(dialog).findByTestId('listing-status-control');
    expect(within(dialog).queryByRole('button', { name: 'Message Seller' })).not.toBeInTheDocument();
    await userEvent.click(within(control).getByText('Sold'));
    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
  });

  it('shows the rule of each required field of the List Item form under it, and sends nothing', async () => {
    renderScreen([...listMock([], 0)]);
    await screen.findByText('Showing 0 of 0 items');
    await userEvent.click(screen.getByTestId('list-item'));
    const form = await screen.findByTestId('listing-form');
    await userEvent.click(within(form).getByRole('button', { name: 'List Item' }));
    for (const text of [
      'Item name is required',
      'Price is required',
      'Condition is required',
      'Category is required',
      'Description is required',
    ]) {
      expect(within(form).getByText(text)).toBeInTheDocument();
    }
    await userEvent.type(within(form).getByTestId('listing-price'), 'cheap');
    expect(within(form).getByText('Price must be a number')).toBeInTheDocument();
  });
});
