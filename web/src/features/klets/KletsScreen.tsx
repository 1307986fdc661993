import { Screen } from '../../ui/Screen';

export default function KletsScreen() {
  return <Screen title="Klets" description="Local community chats with members near you." />;
}
