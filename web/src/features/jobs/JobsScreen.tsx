import { Screen } from '../../ui/Screen';

export default function JobsScreen() {
  return <Screen title="Jobs" description="Job openings posted by businesses and members, and your applications." />;
}
