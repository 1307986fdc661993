import { Screen } from '../../ui/Screen';

export default function BusinessScreen() {
  return <Screen title="Businesses" description="South African businesses near you and around the world: browse the directory, follow pages and run your own." />;
}
