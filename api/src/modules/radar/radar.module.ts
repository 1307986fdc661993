import { defineModule } from '../../kernel/module';
import { RadarResolver } from './radar.resolver';
import { leaveRadarOnSuspension } from './radar.service';
import { RadarPosition } from './radar-position.entity';
import { radarDemo } from './radar.demo';
import { radarRest } from './radar.rest';

/** The radar: members nearby. */
export const radarModule = defineModule({
  name: 'radar',
  resolvers: [RadarResolver],
  entities: [RadarPosition],
  rest: radarRest,
  // A suspended member leaves the radar at once (their position is deleted).
  onMemberSuspended: [leaveRadarOnSuspension],
  demo: [radarDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    radar_positions: { member: ['member_id'] },
  },
});
