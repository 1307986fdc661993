import { Box, Button, Flex, IconButton, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { LuLogOut, LuPanelLeftClose, LuPanelLeftOpen, LuSettings, LuShield } from 'react-icons/lu';
import { isAdmin, logout, useSession } from '../ui/session';
import { useMemberFeatures } from '../ui/memberFeatures';
import { YourGroups } from '../features/groups';
import { NavEntry } from './NavEntry';
import { enabledFeatureItems, SETTINGS_PATH, SIDEBAR_ITEMS } from './navigation';
import { useSidebar } from './sidebar-context';
import { UserAvatar } from '../ui/UserAvatar';

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_COLLAPSED = '3rem';

/** The button that expands or collapses the sidebar (also Ctrl/Cmd+B). */
function SidebarTrigger() {
  const { open, toggle } = useSidebar();
  return (
    <IconButton
      aria-label="Toggle sidebar"
      aria-expanded={open}
      aria-keyshortcuts="Control+B Meta+B"
      title="Toggle sidebar (Ctrl+B)"
      variant="ghost"
      size="sm"
      onClick={toggle}
    >
      {open ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
    </IconButton>
  );
}

/** Desktop sidebar: main menu, "My Features" (enabled ones only) and the account footer. */
export function Sidebar() {
  const { open } = useSidebar();
  const user = useSession();
  const { isEnabled } = useMemberFeatures();
  const collapsed = !open;
  const features = enabledFeatureItems(isEnabled);

  return (
    <Box
      as="aside"
      data-testid="sidebar"
      data-tour="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      aria-label="Sidebar"
      w={open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED}
      flexShrink={0}
      position="sticky"
      top="0"
      h="100dvh"
      borderEndWidth="1px"
      bg="bg.subtle"
      display="flex"
      flexDirection="column"
      transition="width 0.2s ease"
      overflowX="hidden"
    >
      <Flex h="14" align="center" px={collapsed ? '0' : '2'} justify={collapsed ? 'center' : 'flex-end'} flexShrink={0}>
        <SidebarTrigger />
      </Flex>

      <Box flex="1" overflowY="auto" px={collapsed ? '1' : '2'} pb="4">
        <Box as="nav" aria-label="Main menu">
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
            {SIDEBAR_ITEMS.map((item) => (
              <li key={item.to}>
                <NavEntry {...item} collapsed={collapsed} />
              </li>
            ))}
          </Stack>
        </Box>

        {features.length > 0 && (
          <Box as="nav" aria-labelledby="my-features-heading" mt="4" data-testid="my-features" data-tour="my-features">
            {collapsed ? <Separator mb="2" /> : null}
            <Text
              id="my-features-heading"
              px="3"
              mb="1"
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              color="fg.muted"
              {...(collapsed ? { srOnly: true } : {})}
            >
              My Features
            </Text>
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
              {features.map((item) => (
                <li key={item.to}>
                  <NavEntry to={item.to} label={item.label} icon={item.icon} collapsed={collapsed} />
                </li>
              ))}
            </Stack>
          </Box>
        )}
        {!collapsed && (
          <Box mt="5">
            <YourGroups headingId="sidebar-your-groups-heading" />
          </Box>
        )}
      </Box>

      <Stack gap="0.5" borderTopWidth="1px" px={collapsed ? '1' : '2'} py="2" flexShrink={0}>
        <ChakraLink
          asChild
          display="flex"
          alignItems="center"
          gap="3"
          px={collapsed ? '0' : '2'}
          py="1.5"
          justifyContent={collapsed ? 'center' : 'flex-start'}
          borderRadius="md"
          color="fg"
          textDecoration="none"
          _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        >
          <NavLink to="/profile" aria-label={collapsed ? user.displayName : undefined} data-testid="sidebar-profile">
            <UserAvatar user={user} size="xs" />
            {!collapsed && (
              <Text as="span" truncate fontWeight="medium">
                {user.displayName}
              </Text>
            )}
          </NavLink>
        </ChakraLink>
        <NavEntry to={SETTINGS_PATH} label="Settings" icon={LuSettings} collapsed={collapsed} />
        {isAdmin(user) && <NavEntry to="/admin" label="Admin" icon={LuShield} collapsed={collapsed} />}
        <Button
          variant="ghost"
          size="sm"
          justifyContent={collapsed ? 'center' : 'flex-start'}
          px={collapsed ? '0' : '3'}
          h="9"
          gap="3"
          fontSize="md"
          fontWeight="normal"
          aria-label={collapsed ? 'Logout' : undefined}
          onClick={logout}
        >
          <LuLogOut aria-hidden />
          {!collapsed && 'Logout'}
        </Button>
      </Stack>
    </Box>
  );
}
