import { Screen } from '../../ui/Screen';

export default function RecipesScreen() {
  return <Screen title="Recipes" description="Share and find recipes from home: bobotie, melktert, potjiekos and more." />;
}
