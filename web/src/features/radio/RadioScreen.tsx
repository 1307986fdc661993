import { Screen } from '../../shell/Screen';

export default function RadioScreen() {
  return <Screen title="Radio" description="Listen to South African radio stations wherever you are." />;
}
