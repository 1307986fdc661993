import { useEffect, useState } from 'react';
import { Button, Field, HStack, Input, Stack, Tabs } from '@chakra-ui/react';
import { LuMessagesSquare, LuPlus, LuStar } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useGroupOptionsQuery, useMyGroupsQuery } from './groups.generated';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { CreateGroupDialog } from './CreateGroupDialog';
import { FilterSelect, radiusFrom } from './filters';
import { GroupDetailDialog } from './GroupDetailDialog';
import { GroupList } from './GroupList';
import { NearGroups } from './NearGroups';
import { useGroupPosition } from './useGroupPosition';

const PAGE = 12;
const FALLBACK_CHAT_RADII = [5, 10, 25, 50, 100, 200];

const TABS = ['discover', 'mine', 'favorites'] as const;

/** The search box: typed text reaches the URL (and the query) after a short pause. */
function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return undefined;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <Field.Root w={{ base: 'full', sm: '64' }}>
      <Field.Label>Search</Field.Label>
      <Input
        type="search"
        placeholder="Group name or place"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        data-testid="klets-search"
      />
    </Field.Root>
  );
}

function DiscoverTab({ radiusKm, search, onOpen }: { radiusKm: number; search: string; onOpen: (id: string) => void }) {
  const position = useGroupPosition();
  return (
    <NearGroups
      position={position}
      radiusKm={radiusKm}
      search={search || null}
      place="chat"
      onOpen={onOpen}
      testId="klets-discover"
    />
  );
}

function MyTab({
  favoritesOnly,
  search,
  onOpen,
  onCreate,
}: {
  favoritesOnly: boolean;
  search: string;
  onOpen: (id: string) => void;
  onCreate: () => void;
}) {
  const mine = useMyGroupsQuery({
    variables: { favoritesOnly, search: search || null, first: PAGE },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <Stack gap="4">
      <GroupList
        connection={mine.data?.myGroups}
        loading={mine.loading}
        error={mine.error}
        refetch={() => mine.refetch()}
        fetchMore={mine.fetchMore}
        empty={
          favoritesOnly
            ? {
                icon: <LuStar />,
                title: 'No favorite groups',
                description: 'Mark your groups with the star to find them here.',
              }
            : {
                icon: <LuMessagesSquare />,
                title: 'No groups yet',
                description: 'Join a group on the Discover tab or create your own.',
              }
        }
        place="chat"
        onOpen={onOpen}
        testId={favoritesOnly ? 'klets-favorites' : 'klets-mine'}
      />
      {!favoritesOnly && mine.data && !mine.data.myGroups.nodes.length && (
        <Button alignSelf="center" colorPalette="green" onClick={onCreate}>
          <LuPlus aria-hidden /> Create Group
        </Button>
      )}
    </Stack>
  );
}

/**
 * /klets, Local Community Chats (spec 002 section 2): Discover (groups within the chat radius, 5 to 200 km,
 * default 50), My Groups and Favorites tabs with a search, a Create Group dialog, and the group detail dialog with
 * its live chat. Tab, radius, search and the open group live in the URL.
 */
export default function KletsScreen() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useTabParam(TABS, 'discover');
  const radii =
    useGroupOptionsQuery({ fetchPolicy: 'cache-first' }).data?.groupOptions.chatRadiiKm ?? FALLBACK_CHAT_RADII;
  const radiusKm = radiusFrom(params, radii);
  const search = params.get('q') ?? '';
  const groupId = params.get('group');
  const [creating, setCreating] = useState(false);

  const update = (change: (p: URLSearchParams) => void, replace = true) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace });
  };
  const setParam = (key: string) => (value: string) => update((p) => (value ? p.set(key, value) : p.delete(key)));
  const open = (id: string) => update((p) => p.set('group', id), false);

  return (
    <Screen
      title="Local Community Chats"
      description="Chat with South Africans near you: find local groups, join them and talk live."
      actions={
        <Button
          colorPalette="green"
          onClick={() => setCreating(true)}
          w={{ base: 'full', md: 'auto' }}
          minH="44px"
          data-testid="create-group"
        >
          <LuPlus aria-hidden /> Create Group
        </Button>
      }
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="discover">Discover</Tabs.Trigger>
          <Tabs.Trigger value="mine">My Groups</Tabs.Trigger>
          <Tabs.Trigger value="favorites">Favorites</Tabs.Trigger>
        </Tabs.List>
        <HStack gap="4" align="end" flexWrap="wrap" mb="4">
          <SearchBox value={search} onChange={setParam('q')} />
          {tab === 'discover' && (
            <FilterSelect
              label="Chat radius"
              value={String(radiusKm)}
              options={radii.map((r) => ({ value: String(r), label: `${r} km` }))}
              onChange={setParam('radius')}
              testId="chat-radius-select"
            />
          )}
        </HStack>
        <Tabs.Content value="discover">
          <DiscoverTab radiusKm={radiusKm} search={search} onOpen={open} />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <MyTab favoritesOnly={false} search={search} onOpen={open} onCreate={() => setCreating(true)} />
        </Tabs.Content>
        <Tabs.Content value="favorites">
          <MyTab favoritesOnly search={search} onOpen={open} onCreate={() => setCreating(true)} />
        </Tabs.Content>
      </Tabs.Root>
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} onCreated={(g) => open(g.id)} />}
      {groupId && (
        <GroupDetailDialog key={groupId} groupId={groupId} onClose={() => update((p) => p.delete('group'), false)} />
      )}
    </Screen>
  );
}
