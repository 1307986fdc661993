import { Screen } from '../../ui/Screen';

export default function SaffaRadarScreen() {
  return <Screen title="SAFFA Radar" description="Discover South Africans near you, when you choose to be seen." />;
}
