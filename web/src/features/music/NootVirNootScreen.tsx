import { Screen } from '../../ui/Screen';

export default function NootVirNootScreen() {
  return <Screen title="Noot vir Noot" description="The monthly music chart: upload songs, like your favourites and see what is climbing." />;
}
