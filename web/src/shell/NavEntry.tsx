import type { ReactNode } from 'react';
import { Box, Link as ChakraLink, Tooltip, Portal } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import type { IconType } from 'react-icons';

export interface NavEntryProps {
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

/** A sidebar or sheet link; react-router's NavLink marks the current one with aria-current="page". */
export function NavEntry({ to, label, icon: Icon, collapsed = false, badge, onNavigate }: NavEntryProps) {
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
      <NavLink to={to} end={to === '/'} aria-label={collapsed ? label : undefined} onClick={onNavigate}>
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
