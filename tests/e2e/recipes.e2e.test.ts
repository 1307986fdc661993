/**
 * Recipes as members use them (spec 002 sections 2, 4 and 5): a member opens 'Share Your Recipe' with Add Recipe,
 * fills the five fields and picks two photos, and the recipe shows with its carousel, bullets and numbered steps;
 * another member reacts Lekker (the count rises), switches to Care, comments and shares; the author deletes it.
 */
import { expect, test } from 'vitest';
import { PNG_BYTES } from '../support/files';
import { browserSuite, shown } from '../support/suite';
import { waitUntil } from '../support/browser';

const { page, signUp } = browserSuite();

test('a member posts a recipe with photos; another reacts, switches, comments and shares; the author deletes it', async () => {
  const cook = await page();
  const fan = await page();
  await signUp(cook.context, 'Annelie', 'Cook');
  await signUp(fan.context, 'Pieter', 'Fan');
  const name = 'E2E Ouma se Bobotie';

  const cp = cook.page;
  await cp.goto('/recipes');
  await shown(cp.getByRole('heading', { level: 1, name: 'Recipes' }), 'the Recipes screen');
  await shown(cp.getByText('No recipes yet. Be the first to share a recipe!'), 'the empty text');
  await cp.getByRole('button', { name: 'Add Recipe' }).click();
  const form = await shown(cp.getByTestId('recipe-form'), "the 'Share Your Recipe' form");
  await shown(form.getByRole('heading', { name: 'Share Your Recipe' }), 'its title');
  await form.getByRole('textbox', { name: /^Recipe Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Prep Time/ }).fill('1 hour');
  await form.getByRole('textbox', { name: /^Servings/ }).fill('6');
  await form.getByRole('textbox', { name: /^Ingredients/ }).fill('500g mince\n2 slices bread\n2 eggs');
  await form
    .getByRole('textbox', { name: /^Instructions/ })
    .fill('Soak the bread\nBrown the mince\nBake for 35 minutes');
  await cp.getByTestId('recipe-photos-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG_BYTES },
    { name: 'two.png', mimeType: 'image/png', buffer: PNG_BYTES },
  ]);
  await shown(form.getByText('Photos (2/5)'), 'two picked photos');
  await form.getByRole('button', { name: 'Share Recipe' }).click();
  const mine = cp.getByTestId('recipe-card').filter({ hasText: name });
  await shown(mine, 'the new recipe in the list');
  await shown(mine.getByText('2 photo(s)'), 'the photo count');
  expect(await mine.getByTestId('recipe-ingredients').getByRole('listitem').allTextContents()).toEqual([
    '500g mince',
    '2 slices bread',
    '2 eggs',
  ]);
  expect(await mine.getByTestId('recipe-steps').getByRole('listitem').allTextContents()).toEqual([
    'Soak the bread',
    'Brown the mince',
    'Bake for 35 minutes',
  ]);
  const photo = await shown(mine.getByRole('img', { name: `${name}, photo 1 of 2` }), 'the first photo');
  await waitUntil(
    async () => (await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)) === true,
    'the stored photo loads',
  );
  await mine.getByRole('button', { name: 'Next photo' }).click();
  await shown(mine.getByRole('img', { name: `${name}, photo 2 of 2` }), 'the second photo');

  // Another member reacts, switches, comments and shares.
  const fp = fan.page;
  await fp.goto('/recipes');
  const card = fp.getByTestId('recipe-card').filter({ hasText: name });
  await shown(card, 'the recipe for the other member');
  expect(await card.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
  await card.getByTestId('reaction-button').click();
  await fp.getByTestId('reaction-picker').getByRole('button', { name: 'Lekker' }).click();
  await shown(card.getByTestId('reaction-button').and(fp.locator('[data-reaction="lekker"]')), 'Lekker chosen');
  await shown(card.getByText('1 like(s)'), 'the like count');
  await card.getByTestId('reaction-button').click();
  await fp.getByTestId('reaction-picker').getByRole('button', { name: 'Care' }).click();
  await shown(card.getByTestId('reaction-button').and(fp.locator('[data-reaction="care"]')), 'switched to Care');
  await shown(card.getByText('1 like(s)'), 'still one like after switching');
  await card.getByRole('button', { name: 'Comment' }).click();
  await card.getByRole('textbox', { name: 'Write a comment' }).fill('Just like my ouma made it!');
  await card.getByRole('button', { name: 'Post' }).click();
  await shown(card.getByText('Just like my ouma made it!'), 'the comment');
  await shown(card.getByText('1 comment(s)'), 'the comment count');
  await card.getByRole('button', { name: 'Share' }).click();
  await shown(card.getByText('1 share(s)'), 'the share count');

  // The author sees the reaction and deletes the recipe.
  await cp.reload();
  await shown(mine.getByText('1 like(s)'), "the other member's reaction for the author");
  await mine.getByRole('button', { name: `Delete ${name}` }).click();
  await shown(cp.getByText('Are you sure you want to delete this recipe?'), 'the confirmation');
  await cp.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await shown(cp.getByText('No recipes yet. Be the first to share a recipe!'), 'the empty list after deleting');
});
