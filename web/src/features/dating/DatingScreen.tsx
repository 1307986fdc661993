import { useState } from 'react';
import { Alert, Button, Flex, Stack, Tabs } from '@chakra-ui/react';
import { LuPencil } from 'react-icons/lu';
import { useMyDatingAliasQuery } from './dating.generated';
import { LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { AliasForm } from './AliasForm';
import { DiscoverView } from './DiscoverView';
import { MatchesList } from './MatchesList';

export const PRIVACY_NOTE =
  'Your dating alias is kept apart from your profile: other members see only your alias, its photos and what you ' +
  'write here, never your real name, e-mail or profile photo.';

/**
 * Dating (spec 001 section 2.9): a privacy note, then the alias form for a member without an alias (or while
 * editing it: Edit Alias goes back), otherwise Discover and Matches (the tab in the URL).
 */
export default function DatingScreen() {
  const { data, loading, error, refetch } = useMyDatingAliasQuery({ fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useTabParam(['discover', 'matches'], 'discover');
  const alias = data?.myDatingAlias ?? null;
  let body;
  if (loading && !data) body = <LoadingStatus testId="dating-alias-loading">Loading your alias...</LoadingStatus>;
  else if (error && !data)
    body = <LoadError title="Could not load your alias" error={error} onRetry={() => refetch()} />;
  else if (!alias || editing)
    body = (
      <AliasForm
        alias={alias}
        onSaved={() => setEditing(false)}
        onCancel={alias ? () => setEditing(false) : undefined}
      />
    );
  else
    body = (
      <>
        <Flex justify="flex-end">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <LuPencil aria-hidden />
            Edit Alias
          </Button>
        </Flex>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
          <Tabs.List mb="4">
            <Tabs.Trigger value="discover">Discover</Tabs.Trigger>
            <Tabs.Trigger value="matches">Matches</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="discover">
            <DiscoverView />
          </Tabs.Content>
          <Tabs.Content value="matches">
            <MatchesList />
          </Tabs.Content>
        </Tabs.Root>
      </>
    );
  return (
    <Screen title="Dating" description="Meet other South Africans looking for someone special.">
      <Stack gap="4">
        <Alert.Root status="info" data-testid="dating-privacy-note">
          <Alert.Indicator />
          <Alert.Description>{PRIVACY_NOTE}</Alert.Description>
        </Alert.Root>
        {body}
      </Stack>
    </Screen>
  );
}
