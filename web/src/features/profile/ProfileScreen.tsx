import { Screen } from '../../ui/Screen';
import { useSession } from '../../ui/session';
import { ProfileReels } from '../reels';

export default function ProfileScreen() {
  const me = useSession();
  return (
    <Screen title="Profile" description="Your profile, your posts, your document vault and your settings.">
      <ProfileReels authorId={me.id} />
    </Screen>
  );
}
