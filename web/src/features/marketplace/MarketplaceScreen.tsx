import { Screen } from '../../ui/Screen';

export default function MarketplaceScreen() {
  return <Screen title="Marketplace" description="Buy and sell locally with other members of the community." />;
}
