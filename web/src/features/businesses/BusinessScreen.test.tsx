import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  BusinessByNameDocument,
  BusinessDirectoryDocument,
  BusinessOptionsDocument,
  BusinessReviewsDocument,
  DeleteBusinessPageDocument,
  FollowBusinessDocument,
  MyBusinessPagesDocument,
  ReviewBusinessDocument,
  type BusinessCardFieldsFragment,
} from './business.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import BusinessScreen from './BusinessScreen';
import { DIRECTORY_PAGE_SIZE } from './DirectoryTab';
import { CAPE_TOWN } from '../../lib/position';
import { MY_PAGES_PAGE_SIZE } from './MyPagesTab';
import { REVIEWS_PAGE_SIZE } from './ReviewsTab';

const INSTAGRAM = 'conic-gradient(from 0deg, #f09433, #e6683c, #dc2743, #cc2366, #bc1888, #f09433)';

function makeBusiness(
  overrides: Partial<BusinessCardFieldsFragment> = {},
): BusinessCardFieldsFragment & { __typename: 'Business' } {
  return {
    __typename: 'Business',
    id: 'b1',
    name: 'Biltong & Co',
    category: 'Food & Drink',
    description: 'Air-dried the old way.',
    address: '12 Bree Street, Cape Town',
    phone: '+27 21 555 0142',
    website: 'https://biltong.example',
    email: null,
    industry: 'Food production',
    openHours: 'Mon-Sat 08:00-18:00',
    imageUrl: null,
    coverPhotoUrl: null,
    buttonColor: '#1877f2',
    buttonTextColor: '#ffffff',
    gradientBorder: INSTAGRAM,
    latitude: -33.92,
    longitude: 18.42,
    rating: 4.5,
    reviewCount: 2,
    followerCount: 3,
    viewerFollows: false,
    viewerCanManage: false,
    viewerCanReview: false,
    ...overrides,
  };
}

const page = (hasNextPage = false) => ({
  __typename: 'PageInfo' as const,
  endCursor: hasNextPage ? 'c1' : null,
  hasNextPage,
});

const optionsMock: MockLink.MockedResponse = {
  request: { query: BusinessOptionsDocument },
  result: {
    data: {
      businessOptions: {
        __typename: 'BusinessOptions',
        radiiKm: [10, 50, 100, 200, 500, 1000],
        defaultButtonColor: '#1877f2',
        defaultButtonTextColor: '#ffffff',
        gradientPresets: [{ __typename: 'GradientPreset', name: 'Instagram', value: INSTAGRAM }],
      },
    },
  },
  maxUsageCount: 10,
};

function directoryMock(
  nodes: Array<ReturnType<typeof makeBusiness> & { distanceKm: number }>,
  radiusKm = 100,
  total = nodes.length,
): MockLink.MockedResponse {
  return {
    request: { query: BusinessDirectoryDocument, variables: { ...CAPE_TOWN, radiusKm, first: DIRECTORY_PAGE_SIZE } },
    result: {
      data: {
        businessDirectory: { __typename: 'BusinessDirectoryConnection', totalCount: total, nodes, pageInfo: page() },
      },
    },
  };
}

function myPagesMock(nodes: Array<ReturnType<typeof makeBusiness>>): MockLink.MockedResponse {
  return {
    request: { query: MyBusinessPagesDocument, variables: { first: MY_PAGES_PAGE_SIZE } },
    result: { data: { myBusinessPages: { __typename: 'BusinessConnection', nodes, pageInfo: page() } } },
    maxUsageCount: 5,
  };
}

function detailMocks(business: ReturnType<typeof makeBusiness>): MockLink.MockedResponse[] {
  return [
    {
      request: { query: BusinessByNameDocument, variables: { name: business.name } },
      result: { data: { businessByName: { ...business, viewerReview: null } } },
      maxUsageCount: 5,
    },
    {
      request: { query: BusinessReviewsDocument, variables: { businessId: business.id, first: REVIEWS_PAGE_SIZE } },
      result: {
        data: {
          businessReviews: {
            __typename: 'BusinessReviewConnection',
            nodes: [
              {
                __typename: 'BusinessReview',
                id: 'r1',
                rating: 5,
                comment: 'Lekker biltong!',
                createdAt: new Date().toISOString(),
                author: {
                  __typename: 'User',
                  id: 'u2',
                  displayName: 'Pieter van der Merwe',
                  initials: 'PV',
                  profileImageUrl: null,
                },
              },
            ],
            pageInfo: page(),
          },
        },
      },
      maxUsageCount: 5,
    },
  ];
}

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/business') =>
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <BusinessScreen />
    </SessionProvider>,
    { mocks: [optionsMock, ...mocks], route },
  );

describe('BusinessScreen: the directory', () => {
  it('shows skeletons, then the count line and cards with distance, rating and contact', async () => {
    renderScreen([directoryMock([{ ...makeBusiness(), distanceKm: 3.46 }])]);
    expect(screen.getByRole('tab', { name: 'Business Directory' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('business-card-skeleton').length).toBeGreaterThan(0);
    // A live region may carry a name; a plain div may not (axe: aria-prohibited-attr).
    expect(screen.getByRole('status', { name: 'Loading businesses' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Showing 1 business(es) within 100 km')).toBeInTheDocument();
    const card = screen.getByTestId('business-card');
    expect(within(card).getByText('Food & Drink · 3.5 km')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(within(card).getByText('12 Bree Street, Cape Town')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'biltong.example' })).toHaveAttribute('target', '_blank');
    expect(within(card).getByRole('button', { name: 'Follow Biltong & Co' })).toBeInTheDocument();
    expect(screen.getByText('Distances from Cape Town (your location is not available)')).toBeInTheDocument();
  });

  it("shows the spec's empty state", async () => {
    renderScreen([directoryMock([])]);
    expect(await screen.findByText('No businesses found')).toBeInTheDocument();
    expect(screen.getByText('Try increasing the radius to see more businesses')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 business(es) within 100 km')).toBeInTheDocument();
  });

  it('searches again with the radius chosen', async () => {
    const user = userEvent.setup();
    renderScreen([directoryMock([]), directoryMock([{ ...makeBusiness(), distanceKm: 420 }], 500)]);
    await screen.findByText('No businesses found');
    await user.selectOptions(screen.getByTestId('radius-select'), '500');
    expect(await screen.findByText('Showing 1 business(es) within 500 km')).toBeInTheDocument();
  });

  it('shows an error with Retry when the directory fails', async () => {
    renderScreen([
      {
        request: {
          query: BusinessDirectoryDocument,
          variables: { ...CAPE_TOWN, radiusKm: 100, first: DIRECTORY_PAGE_SIZE },
        },
        error: new Error('Network down'),
      },
    ]);
    expect(await screen.findByText('The directory could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('follows a business; "Already following" from the server becomes its own toast', async () => {
    const user = userEvent.setup();
    renderScreen([
      directoryMock([{ ...makeBusiness(), distanceKm: 2 }]),
      {
        request: { query: FollowBusinessDocument, variables: { id: 'b1' } },
        result: {
          errors: [
            {
              message: 'Already following this business',
              extensions: { code: 'CONFLICT', reason: 'ALREADY_FOLLOWING' },
            },
          ],
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Follow Biltong & Co' }));
    expect(await screen.findByText('Already Following')).toBeInTheDocument();
    expect(screen.getByText("You're already following this business")).toBeInTheDocument();
  });
});

describe('BusinessScreen: the detail dialog', () => {
  it('opens from ?company= with contact links, directions, real reviews and honest empty tabs', async () => {
    const user = userEvent.setup();
    const b = makeBusiness({ viewerFollows: true, viewerCanReview: true });
    renderScreen([directoryMock([]), ...detailMocks(b)], `/business?company=${encodeURIComponent(b.name)}`);
    const dialog = await screen.findByTestId('business-detail-dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Biltong & Co' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Email/ })).toHaveAttribute(
      'href',
      'mailto:https://biltong.example',
    );
    expect(within(dialog).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+27215550142');
    expect(within(dialog).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/27215550142');
    expect(within(dialog).getByRole('link', { name: '12 Bree Street, Cape Town' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=12%20Bree%20Street%2C%20Cape%20Town',
    );
    expect(within(dialog).queryByRole('button', { name: 'Manage Page' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Write a Review' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Lekker biltong!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Review' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Reels' }));
    expect(await within(dialog).findByText('No reels yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('shows Manage Page and Customize Colors to the owner only', async () => {
    const b = makeBusiness({ viewerCanManage: true });
    renderScreen([directoryMock([]), ...detailMocks(b)], `/business?company=${encodeURIComponent(b.name)}`);
    const dialog = await screen.findByTestId('business-detail-dialog');
    expect(await within(dialog).findByRole('button', { name: 'Manage Page' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Customize Colors' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Write a Review' })).not.toBeInTheDocument();
  });

  it('asks for a star rating first, then submits the review', async () => {
    const user = userEvent.setup();
    const b = makeBusiness({ viewerFollows: true, viewerCanReview: true });
    renderScreen(
      [
        directoryMock([]),
        ...detailMocks(b),
        {
          request: { query: ReviewBusinessDocument, variables: { businessId: 'b1', rating: 4, comment: 'Great' } },
          result: { data: { reviewBusiness: { __typename: 'BusinessReview', id: 'r9', rating: 4, comment: 'Great' } } },
        },
      ],
      `/business?company=${encodeURIComponent(b.name)}`,
    );
    const dialog = await screen.findByTestId('business-detail-dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Write a Review' }));
    const review = await screen.findByTestId('review-dialog');
    expect(within(review).getByTestId('rating-label')).toHaveTextContent('Select a rating');
    await user.click(within(review).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Rating Required')).toBeInTheDocument();
    expect(screen.getByText('Please select a star rating before submitting.')).toBeInTheDocument();
    await user.click(within(review).getByRole('radio', { name: '4 stars: Very Good' }));
    expect(within(review).getByTestId('rating-label')).toHaveTextContent('Very Good');
    await user.type(within(review).getByRole('textbox'), 'Great');
    await user.click(within(review).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review Submitted')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
  });
});

describe('BusinessScreen: My Business Pages', () => {
  it('shows the empty state and the Create Business Page dialog, which asks for the required fields', async () => {
    const user = userEvent.setup();
    renderScreen([myPagesMock([])], '/business?tab=mine');
    expect(await screen.findByText('No business pages yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Business Page' }));
    const form = await screen.findByTestId('business-form-dialog');
    await user.click(within(form).getByRole('button', { name: 'Create Page' }));
    expect(await screen.findByText('Required Fields')).toBeInTheDocument();
    expect(screen.getByText('Please fill in business name and category')).toBeInTheDocument();
  });

  it('counts the pages and deletes one only after the confirmation', async () => {
    const user = userEvent.setup();
    const b = makeBusiness({ viewerCanManage: true });
    let deleted = false;
    renderScreen(
      [
        myPagesMock([b]),
        {
          request: { query: DeleteBusinessPageDocument, variables: { id: 'b1' } },
          result: () => {
            deleted = true;
            return { data: { deleteBusinessPage: 'b1' } };
          },
        },
      ],
      '/business?tab=mine',
    );
    expect(await screen.findByText('1 business page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Biltong & Co' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this business page?')).toBeInTheDocument();
    expect(deleted).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('Business Page Deleted')).toBeInTheDocument();
  });
});
