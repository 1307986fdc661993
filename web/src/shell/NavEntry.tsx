import type { ReactNode } from 'react';
import { Box, Link as ChakraLink, Tooltip, Portal } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import type { IconType } from 'react-icons';

interface NavEntryProps {
  to: string;
  label: string;
  icon: IconType;
  /** Icons only: the label becomes the accessible name and a tooltip. */
  collapsed?: boolean;
  badge?: ReactNode;
  onNavigate?: () => void;
}

const activeStyle = {
  '&[aria-current=page]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' },
};

/**
 * Whether a link with a query (Settings is `/profile?tab=settings`) is the current page: NavLink compares paths
 * only, so the profile's other tabs would mark Settings too. Every parameter of the link must match.
 */
function queryMatches(to: string, currentSearch: string): boolean {
  const query = to.indexOf('?');
  if (query < 0) return true;
  const wanted = new URLSearchParams(to.slice(query + 1));
  const current = new URLSearchParams(currentSearch);
  return [...wanted].every(([key, value]) => current.get(key) === value);
}

/** A sidebar or sheet link; react-router's NavLink marks the current one with aria-current="page". */
export function NavEntry({ to, label, icon: Icon, collapsed = false, badge, onNavigate }: NavEntryProps) {
  const { search } = useLocation();
  const queryActive = queryMatches(to, search);
  const link = (
    <ChakraLink
      asChild
      colorPalette="green"
      display="flex"
      alignItems="center"
      gap="3"
      px={collapsed ? '0' : '3'}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      h="9"
      w="full"
      borderRadius="md"
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      css={activeStyle}
    >
      <NavLink
        to={to}
        end={to === '/'}
        aria-current={queryActive ? 'page' : false}
        aria-label={collapsed ? label : undefined}
        onClick={onNavigate}
      >
        <Box as={Icon} boxSize="4" flexShrink={0} aria-hidden />
        {!collapsed && (
          <Box as="span" flex="1" truncate>
            {label}
          </Box>
        )}
        {!collapsed && badge}
      </NavLink>
    </ChakraLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
