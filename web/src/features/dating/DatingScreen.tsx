import { Screen } from '../../ui/Screen';

export default function DatingScreen() {
  return <Screen title="Dating" description="Meet other South Africans looking for someone special." />;
}
