import { Screen } from '../../ui/Screen';

export default function BraggingRightsScreen() {
  return <Screen title="Bragging Rights" description="Predict the scores of upcoming matches, earn points and climb the rankings." />;
}
