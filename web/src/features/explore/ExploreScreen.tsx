import { Screen } from '../../ui/Screen';

export default function ExploreScreen() {
  return <Screen title="Explore" description="Discover trending posts, people and places from the Saffa community." />;
}
