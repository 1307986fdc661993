export { FilterSelect, radiusFrom } from '../../ui/FilterSelect';

export const DEFAULT_RADIUS_KM = 50;
