import { Screen } from '../../shell/Screen';

export default function ThingsToDoScreen() {
  return <Screen title="Things to do" description="Check-ins you have saved from other members' posts, ready for your next outing." />;
}
