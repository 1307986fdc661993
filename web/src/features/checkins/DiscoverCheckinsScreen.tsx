import { Screen } from '../../shell/Screen';

export default function DiscoverCheckinsScreen() {
  return <Screen title="Discover Check-ins" description="Places members have checked in at recently, to inspire your next outing." />;
}
