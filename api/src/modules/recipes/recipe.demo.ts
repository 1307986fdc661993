import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { storedPhoto } from '../../kernel/upload';
import { ReactionType } from '../reactions/reaction.entity';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { RecipeComment } from './recipe-comment.entity';
import { RecipeReaction } from './recipe-reaction.entity';
import { Recipe } from './recipe.entity';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

interface DemoRecipe {
  by: number;
  recipeName: string;
  prepTime: string;
  servings: string;
  ingredients: string[];
  instructions: string[];
  photos: Array<[caption: string, from: string, to: string]>;
  hours: number;
  reactions: Array<[member: number, type: ReactionType]>;
  comments: Array<[member: number, text: string]>;
}

const RECIPES: DemoRecipe[] = [
  {
    by: 4,
    recipeName: 'Ouma se Bobotie',
    prepTime: '1 hour 15 minutes',
    servings: '6',
    hours: 30,
    ingredients: [
      '2 slices white bread',
      '250 ml milk',
      '1 kg beef mince',
      '2 onions, chopped',
      '2 tbsp curry powder',
      '2 tbsp apricot jam',
      '3 eggs',
      '4 bay leaves',
    ],
    instructions: [
      'Soak the bread in the milk, then squeeze it out and keep the milk.',
      'Fry the onions, add the curry powder and brown the mince.',
      'Stir in the bread and the jam, and spread it in a baking dish.',
      'Beat the eggs with the milk, pour over, add the bay leaves.',
      'Bake at 180 °C for 35 minutes.',
    ],
    photos: [
      ['Bobotie', '#b5651d', '#f2c14e'],
      ['Fresh from the oven', '#8a6d00', '#f76b1c'],
    ],
    reactions: [
      [0, ReactionType.lekker],
      [1, ReactionType.lekker],
      [3, ReactionType.care],
    ],
    comments: [
      [0, 'Just like my ouma made it!'],
      [6, 'Made this on Sunday, lekker.'],
    ],
  },
  {
    by: 1,
    recipeName: 'Braai Pap en Sous',
    prepTime: '45 minutes',
    servings: '4-6',
    hours: 20,
    ingredients: [
      '500 g maize meal',
      '750 ml water',
      '1 tsp salt',
      '1 tin chopped tomatoes',
      '1 onion',
      '1 green pepper',
    ],
    instructions: [
      'Boil the salted water and stir in the maize meal.',
      'Cover and steam on low heat for 30 minutes, stirring now and then.',
      'Fry the onion and pepper, add the tomatoes and simmer.',
      'Serve the pap with the sous next to the wors.',
    ],
    photos: [['Pap en sous', '#2e7d32', '#f2c14e']],
    reactions: [
      [0, ReactionType.lekker],
      [2, ReactionType.shocked],
    ],
    comments: [[3, 'Nothing beats pap at a braai.']],
  },
  {
    by: 5,
    recipeName: 'Cape Malay Koeksisters',
    prepTime: '2 hours',
    servings: '24',
    hours: 6,
    ingredients: [
      '500 g cake flour',
      '2 tsp mixed spice',
      '1 tsp ground cinnamon',
      '10 g instant yeast',
      '250 ml warm milk',
      'Desiccated coconut',
    ],
    instructions: [
      'Mix the dry ingredients, add the milk and knead a soft dough.',
      'Let it rise for an hour, then shape into ovals.',
      'Fry until golden and dip in warm syrup.',
      'Roll in coconut and serve warm.',
    ],
    photos: [['Koeksisters', '#7b1e5a', '#f2a65a']],
    reactions: [],
    comments: [],
  },
];

/** A few recipes by demo members, with photos, reactions and comments of other demo members. */
export const recipesDemo: DemoPart = {
  name: 'recipes',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db().getRepository(User).find()) if (u.email) byEmail.set(u.email, u);
    const members = DEMO_MEMBERS.map((d) => byEmail.get(d.email));
    for (const r of RECIPES) {
      const author = members[r.by];
      if (!author) continue;
      const images = [];
      for (const [caption, from, to] of r.photos) images.push(storedPhoto(await demoPhoto(caption, from, to)));
      const recipe = await db()
        .getRepository(Recipe)
        .save(
          db()
            .getRepository(Recipe)
            .create({
              authorId: author.id,
              recipeName: r.recipeName,
              prepTime: r.prepTime,
              servings: r.servings,
              ingredients: r.ingredients.join('\n'),
              instructions: r.instructions.join('\n'),
              images,
              createdAt: hoursAgo(r.hours),
            }),
        );
      for (const [m, reactionType] of r.reactions) {
        if (members[m])
          await db()
            .getRepository(RecipeReaction)
            .insert({ recipeId: recipe.id, memberId: members[m]!.id, reactionType });
      }
      for (const [i, [m, text]] of r.comments.entries()) {
        if (members[m])
          await db()
            .getRepository(RecipeComment)
            .insert({ recipeId: recipe.id, authorId: members[m]!.id, text, createdAt: hoursAgo(r.hours - 1 - i) });
      }
    }
  },
};
