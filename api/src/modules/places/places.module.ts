import { defineModule } from '../../kernel/module';
import { PlaceResolver } from './place.resolver';

/** Places (reverse geocoding and nearby names). */
export const placesModule = defineModule({
  name: 'places',
  resolvers: [PlaceResolver],
});
