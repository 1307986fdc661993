import { Screen } from '../../ui/Screen';

export default function EventsScreen() {
  return <Screen title="Events" description="Community events near you, with tickets you can book." />;
}
