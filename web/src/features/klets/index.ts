// What other parts of the app may use from this feature. Klets' groups, chats and their screen live in the groups
// feature (one domain); this entry keeps the route table's import where it was.
export { KletsScreen } from '../groups';
