import { Screen } from '../../ui/Screen';

export default function ProfileScreen() {
  return <Screen title="Profile" description="Your profile, your posts, your document vault and your settings." />;
}
