import { Screen } from '../../ui/Screen';

export default function DiscoverGroupsScreen() {
  return <Screen title="Discover Groups" description="Find groups of South Africans who share your interests and your area." />;
}
