import { Screen } from '../../ui/Screen';

export default function ReelsScreen() {
  return <Screen title="Reels" description="Short videos shared by the community." />;
}
