import { Screen } from '../../ui/Screen';

export default function RadioScreen() {
  return <Screen title="Radio" description="Listen to South African radio stations wherever you are." />;
}
