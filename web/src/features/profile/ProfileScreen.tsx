import { useState, type ReactNode } from 'react';
import { Stack, Tabs } from '@chakra-ui/react';
import { LuUserX } from 'react-icons/lu';
import { useParams } from 'react-router';
import { useProfileMemberQuery } from './profile.generated';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { useSession } from '../../ui/session';
import { ProfileReels } from '../reels';
import { SettingsTab } from '../settings';
import { VaultTab } from '../vault';
import { BusinessesTab } from './BusinessesTab';
import { EditProfileDialog } from './EditProfileDialog';
import { FriendsTab } from './FriendsTab';
import { GroupsTab } from './GroupsTab';
import { JobsTab } from './JobsTab';
import { ProfileHeader } from './ProfileHeader';
import { ProfilePosts } from './ProfilePosts';
import { ScrollingTab, ScrollingTabList } from '../../ui/ScrollingTabs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function MemberNotFound() {
  return (
    <EmptyNotice
      icon={<LuUserX />}
      title="Member not found"
      description="This member does not exist, has left Saffa, or is not available to you."
      testId="profile-not-found"
    />
  );
}

interface ProfileTab {
  value: string;
  label: string;
  element: ReactNode;
}

/**
 * The own profile's tabs, in order (spec 002 "Profile page": Jobs, Businesses, Friends, Groups, Vault, Settings).
 * A tab is one entry (the vault and settings features' tabs among them). The tab is kept in `?tab=`.
 */
const PROFILE_TABS: ProfileTab[] = [
  { value: 'jobs', label: 'Jobs', element: <JobsTab /> },
  { value: 'businesses', label: 'Businesses', element: <BusinessesTab /> },
  { value: 'friends', label: 'Friends', element: <FriendsTab /> },
  { value: 'groups', label: 'Groups', element: <GroupsTab /> },
  { value: 'vault', label: 'Vault', element: <VaultTab /> },
  { value: 'settings', label: 'Settings', element: <SettingsTab /> },
];

function OwnTabs() {
  const values = PROFILE_TABS.map((t) => t.value);
  const [tab, setTab] = useTabParam(values, values[0], { keepFallback: true });
  return (
    <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
      {/* On phones the tabs scroll sideways rather than wrap. */}
      <ScrollingTabList>
        {PROFILE_TABS.map((t) => (
          <ScrollingTab key={t.value} value={t.value}>
            {t.label}
          </ScrollingTab>
        ))}
      </ScrollingTabList>
      {PROFILE_TABS.map((t) => (
        <Tabs.Content key={t.value} value={t.value}>
          {t.element}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * /profile (the member's own) and /profile/{id} (another member's: their public parts, Add Friend and Message).
 * The Bragging Rights badge and rank are not shown: the game (issue 14) does not exist yet.
 */
export default function ProfileScreen() {
  const me = useSession();
  const { id } = useParams();
  const userId = id ?? me.id;
  const own = userId === me.id;
  // A link with an id that cannot be a member's (not a UUID) is a member not found, without asking.
  const possible = UUID.test(userId);
  const { data, loading, error, refetch } = useProfileMemberQuery({
    variables: { id: userId },
    fetchPolicy: 'cache-and-network',
    skip: !possible,
  });
  const [editing, setEditing] = useState(false);
  const user = data?.user;
  const title = own ? 'Profile' : (user?.displayName ?? 'Profile');

  let content: ReactNode;
  if (!possible) content = <MemberNotFound />;
  else if (!data && loading) content = <LoadingStatus testId="profile-loading">Loading profile...</LoadingStatus>;
  else if (!data && error)
    content = <LoadError title="Could not load the profile" error={error} onRetry={refetch} testId="profile-error" />;
  else if (!user) content = <MemberNotFound />;
  else {
    const first = user.firstName || user.displayName;
    content = (
      <Stack gap="8">
        <ProfileHeader user={user} own={own} onEdit={() => setEditing(true)} />
        <ProfilePosts
          key={`posts-${user.id}`}
          authorId={user.id}
          own={own}
          title={own ? 'Your Posts' : `${first}'s Posts`}
        />
        <ProfileReels
          key={`reels-${user.id}`}
          authorId={user.id}
          title={own ? 'Your Reels' : `${first}'s Reels`}
          emptyText={own ? 'No reels yet. Upload your first reel from the home page!' : 'No reels yet.'}
        />
        {own && <OwnTabs />}
        {editing && own && <EditProfileDialog user={user} onClose={() => setEditing(false)} />}
      </Stack>
    );
  }

  return (
    <Screen
      title={title}
      description={own ? 'Your profile, your posts, your jobs, businesses, friends and groups.' : undefined}
    >
      {content}
    </Screen>
  );
}
