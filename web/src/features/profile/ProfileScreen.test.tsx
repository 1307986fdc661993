import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { SendFriendRequestDocument } from '../friends/friends.generated';
import { MyGroupsDocument } from '../groups/groups.generated';
import { MyJobApplicationsDocument } from '../jobs/jobs.generated';
import { StartConversationDocument } from '../messages/messages.generated';
import {
  ProfileMemberDocument,
  ProfileOptionsDocument,
  ProfilePostsDocument,
  ProfileUpcomingJobsDocument,
  SetProfilePhotoDocument,
  UpdateProfileDocument,
  type ProfileMember_UserFragment,
} from './profile.generated';
import { ReelsByDocument } from '../reels/reels.generated';
import { makeUser, renderWithProviders } from '../../test/render';
import { SessionProvider } from '../../ui/session';
import { flagEmoji } from './flag';
import ProfileScreen from './ProfileScreen';

const ME = '11111111-1111-4111-8111-111111111111';
const THEM = '22222222-2222-4222-8222-222222222222';
const GHOST = '33333333-3333-4333-8333-333333333333';
const me = makeUser({ id: ME });
const EMPTY_PAGE = { __typename: 'PageInfo' as const, endCursor: null, hasNextPage: false };

const member = (
  overrides: Partial<ProfileMember_UserFragment> = {},
): ProfileMember_UserFragment & { __typename: 'User' } => ({
  __typename: 'User',
  id: ME,
  firstName: 'Thandi',
  lastName: 'Nkosi',
  displayName: 'Thandi Nkosi',
  initials: 'TN',
  email: 'thandi@example.com',
  profileImageUrl: null,
  coverImageUrl: null,
  bio: 'Braai master abroad',
  homeTown: 'Durban',
  countryCode: 'ZA',
  chosenCountryCode: null,
  flagImageUrl: null,
  braggingRank: null,
  braggingBadge: null,
  followingCount: 3,
  friendCount: 2,
  groupCount: 1,
  friendStatus: 'self',
  ...overrides,
});

const profileMock = (user: ReturnType<typeof member> | null, id = user?.id ?? ME) => ({
  request: { query: ProfileMemberDocument, variables: { id } },
  result: { data: { user } },
});
const postsMock = (authorId: string) => ({
  request: { query: ProfilePostsDocument, variables: { authorId, first: 10 } },
  result: { data: { postsBy: { __typename: 'PostConnection', nodes: [], pageInfo: EMPTY_PAGE } } },
});
const reelsMock = (authorId: string) => ({
  request: { query: ReelsByDocument, variables: { authorId, first: 12 } },
  result: { data: { reelsBy: { __typename: 'ReelConnection', nodes: [], pageInfo: EMPTY_PAGE } } },
});
const upcomingMock = {
  request: { query: ProfileUpcomingJobsDocument, variables: { first: 10 } },
  result: { data: { jobListings: { __typename: 'JobVacancyConnection', nodes: [], pageInfo: EMPTY_PAGE } } },
};
const application = {
  __typename: 'JobApplication',
  id: 'a1',
  appliedAt: new Date().toISOString(),
  status: 'rejected',
  feedback: 'We chose someone with more experience.',
  vacancy: {
    __typename: 'JobVacancy',
    id: 'v1',
    title: 'Braai Chef',
    company: 'Lekker Eats',
    location: 'London',
    jobType: 'Full-time',
    salary: null,
    description: 'Cook.',
    requirements: 'Tongs.',
  },
};
const applicationsMock = {
  request: { query: MyJobApplicationsDocument, variables: { first: 10 } },
  result: {
    data: { myJobApplications: { __typename: 'JobApplicationConnection', nodes: [application], pageInfo: EMPTY_PAGE } },
  },
};

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderProfile(
  route: string,
  mocks: Parameters<typeof renderWithProviders>[1] extends infer O
    ? O extends { mocks?: infer M }
      ? M
      : never
    : never,
) {
  return renderWithProviders(
    <SessionProvider user={me}>
      <Routes>
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/profile/:id" element={<ProfileScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </SessionProvider>,
    { route, mocks },
  );
}

describe('ProfileScreen', () => {
  it('shows the own profile: name, e-mail, bio, home town, flag, counts, Your Posts and Your Reels, and the Jobs tab', async () => {
    renderProfile('/profile', [profileMock(member()), postsMock(ME), reelsMock(ME), upcomingMock, applicationsMock]);
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Thandi Nkosi');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('thandi@example.com');
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('Braai master abroad');
    expect(screen.getByTestId('profile-home-town')).toHaveTextContent('Durban');
    expect(screen.getByRole('img', { name: 'Country: South Africa' })).toHaveTextContent(flagEmoji('ZA'));
    expect(screen.getByTestId('count-following')).toHaveTextContent('3Following');
    expect(screen.getByTestId('count-friends')).toHaveTextContent('2Friends');
    expect(screen.getByTestId('count-groups')).toHaveTextContent('1Groups');
    expect(screen.getByRole('button', { name: /Change Cover/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Posts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Reels' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Friend/ })).not.toBeInTheDocument();
    // The Jobs tab is first: upcoming jobs (empty, the spec's text) and the applications with their detail dialog.
    expect(await screen.findByText('No upcoming jobs. Accept assigned jobs to see them here.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View details of Braai Chef' }));
    const dialog = await screen.findByTestId('application-dialog');
    expect(within(dialog).getByText('We chose someone with more experience.')).toBeInTheDocument();
    expect(within(dialog).getByText('rejected')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('application-dialog')).not.toBeInTheDocument());
  });

  it('shows no Bragging Rights line before the member has points', async () => {
    renderProfile('/profile', [profileMock(member()), postsMock(ME), reelsMock(ME)]);
    expect(await screen.findByTestId('profile-name')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-bragging')).not.toBeInTheDocument();
  });

  it('keeps the tab in the URL', async () => {
    const groups = {
      request: { query: MyGroupsDocument, variables: () => true },
      result: { data: { myGroups: { __typename: 'GroupConnection', totalCount: 0, nodes: [], pageInfo: EMPTY_PAGE } } },
    };
    renderProfile('/profile?tab=groups', [profileMock(member()), postsMock(ME), reelsMock(ME), groups]);
    expect(await screen.findByText(/You have not joined any groups yet/)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Groups', selected: true })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Businesses' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/profile?tab=businesses'));
    expect(screen.getByRole('tab', { name: 'Businesses', selected: true })).toBeInTheDocument();
  });

  it("another member's profile: no e-mail, no editing, their posts and reels; Add Friend sends a request, Message opens the conversation", async () => {
    const them = member({
      id: THEM,
      firstName: 'Sipho',
      lastName: 'Dlamini',
      displayName: 'Sipho Dlamini',
      initials: 'SD',
      email: null,
      friendStatus: 'none',
      bio: null,
      homeTown: null,
      braggingRank: 3,
      braggingBadge: 'Hot Streak',
    });
    renderProfile(`/profile/${THEM}`, [
      profileMock(them),
      postsMock(THEM),
      reelsMock(THEM),
      {
        request: { query: SendFriendRequestDocument, variables: { userId: THEM } },
        result: { data: { sendFriendRequest: { __typename: 'User', id: THEM, friendStatus: 'requestSent' } } },
      },
      profileMock({ ...them, friendStatus: 'requestSent' }),
      {
        request: { query: StartConversationDocument, variables: { input: { memberId: THEM } } },
        result: { data: { startConversation: { __typename: 'Conversation', id: 'c9' } } },
      },
    ]);
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Sipho Dlamini');
    expect(screen.queryByTestId('profile-email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bragging Rights: Hot Streak · Rank #3' })).toHaveAttribute(
      'href',
      '/bragging-rights',
    );
    expect(screen.queryByRole('button', { name: /Change Cover/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Profile/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Sipho's Posts" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Sipho's Reels" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add Friend/ }));
    expect(await screen.findByText('Request Sent', { selector: '[data-testid="friend-state"]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Message/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/messages?conversation=c9'));
  });

  it('an unknown member shows the not-found state', async () => {
    renderProfile(`/profile/${GHOST}`, [profileMock(null, GHOST)]);
    expect(await screen.findByTestId('profile-not-found')).toHaveTextContent('Member not found');
  });

  it('an id that cannot be a member is not found without asking the server', async () => {
    renderProfile('/profile/not-a-member', []);
    expect(await screen.findByTestId('profile-not-found')).toHaveTextContent('Member not found');
  });

  it('a failed load shows the error with Retry', async () => {
    renderProfile('/profile', [
      { request: { query: ProfileMemberDocument, variables: { id: ME } }, error: new Error('Network down') },
    ]);
    const alert = await screen.findByTestId('profile-error');
    expect(alert).toHaveTextContent('Could not load the profile');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Edit Profile: the limits and countries come from the server, Save sends the changes and the header shows them', async () => {
    const options = {
      request: { query: ProfileOptionsDocument },
      result: {
        data: {
          profileOptions: {
            __typename: 'ProfileOptions',
            bioMaxLength: 20,
            homeTownMaxLength: 80,
            countries: [
              { __typename: 'Country', code: 'GB', name: 'United Kingdom' },
              { __typename: 'Country', code: 'ZA', name: 'South Africa' },
            ],
          },
        },
      },
    };
    const saved = member({ bio: 'New bio', homeTown: 'Leeds', countryCode: 'GB', chosenCountryCode: 'GB' });
    renderProfile('/profile', [
      profileMock(member()),
      postsMock(ME),
      reelsMock(ME),
      upcomingMock,
      applicationsMock,
      options,
      {
        request: {
          query: UpdateProfileDocument,
          variables: {
            input: { firstName: 'Thandi', lastName: 'Nkosi', bio: 'New bio', homeTown: 'Leeds', countryCode: 'GB' },
          },
        },
        result: { data: { updateProfile: saved } },
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit Profile/ }));
    const dialog = await screen.findByTestId('edit-profile-dialog');
    const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'United Kingdom' })).toBeInTheDocument());
    expect(bio).toHaveAttribute('maxLength', '20');
    await user.clear(bio);
    await user.type(bio, 'New bio');
    const town = within(dialog).getByRole('textbox', { name: 'Home town' });
    await user.clear(town);
    await user.type(town, 'Leeds');
    await user.selectOptions(within(dialog).getByRole('combobox'), 'GB');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('profile-bio')).toHaveTextContent('New bio'));
    expect(screen.getByTestId('profile-home-town')).toHaveTextContent('Leeds');
  });

  it("Change Cover stores the picked image and toasts 'Cover Photo Updated'", async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    renderProfile('/profile', [
      profileMock(member()),
      postsMock(ME),
      reelsMock(ME),
      upcomingMock,
      applicationsMock,
      {
        request: {
          query: SetProfilePhotoDocument,
          variables: { kind: 'cover', file: 'data:image/png;base64,iVBORw==' },
        },
        result: {
          data: {
            setProfilePhoto: {
              __typename: 'User',
              id: ME,
              profileImageUrl: null,
              coverImageUrl: '/media/images/cover.png',
            },
          },
        },
      },
    ]);
    await screen.findByTestId('profile-name');
    await userEvent.setup().upload(screen.getByTestId('cover-input'), png);
    expect(await screen.findByText('Cover Photo Updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('profile-cover').querySelector('img')).toHaveAttribute(
        'src',
        '/media/images/cover.png',
      ),
    );
  });
});
