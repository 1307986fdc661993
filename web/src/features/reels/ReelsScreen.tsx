import { Screen } from '../../shell/Screen';

export default function ReelsScreen() {
  return <Screen title="Reels" description="Short videos shared by the community." />;
}
