import { Screen } from '../../ui/Screen';

export default function NewsScreen() {
  return <Screen title="News" description="News from South Africa and from where you live." />;
}
