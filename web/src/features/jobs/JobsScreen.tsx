import { Screen } from '../../shell/Screen';

export default function JobsScreen() {
  return <Screen title="Jobs" description="Job openings posted by businesses and members, and your applications." />;
}
