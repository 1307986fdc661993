import { Screen } from '../../ui/Screen';

export default function MessagesScreen() {
  return <Screen title="Messages" description="Your private conversations with other members will appear here." />;
}
