import { Avatar } from '@chakra-ui/react';
import type { SessionUser } from './session';

export function UserAvatar({
  user,
  size = 'sm',
}: {
  user: Pick<SessionUser, 'displayName' | 'initials' | 'profileImageUrl'>;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
}) {
  return (
    <Avatar.Root size={size} colorPalette="green" flexShrink={0}>
      <Avatar.Fallback aria-hidden>{user.initials}</Avatar.Fallback>
      {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
    </Avatar.Root>
  );
}
