import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  CreateRecipeDocument,
  ReactToRecipeDocument,
  RecipesDocument,
  type RecipeCard_RecipeFragment,
} from './recipes.generated';
import { renderWithProviders } from '../../test/render';
import RecipesScreen, { RECIPES_PAGE } from './RecipesScreen';
import { postFailureText, withinPhotoLimit } from './recipeText';

const counts = (o: Partial<Record<'lekker' | 'shocked' | 'sad' | 'care' | 'angry', number>> = {}) => {
  const c = { lekker: 0, shocked: 0, sad: 0, care: 0, angry: 0, ...o };
  return { __typename: 'ReactionCounts' as const, ...c, total: c.lekker + c.shocked + c.sad + c.care + c.angry };
};

function makeRecipe(
  overrides: Partial<RecipeCard_RecipeFragment> = {},
): RecipeCard_RecipeFragment & { __typename: 'Recipe' } {
  return {
    __typename: 'Recipe',
    id: 'r1',
    recipeName: 'Bobotie',
    prepTime: '1 hour',
    servings: '6',
    ingredients: '500g mince\n\n2 slices bread',
    instructions: 'Soak the bread\nBrown the mince\nBake',
    createdAt: new Date().toISOString(),
    images: [
      { __typename: 'PostImage', url: '/media/a.jpg', thumbnailUrl: '/media/a-t.jpg', width: 10, height: 10 },
      { __typename: 'PostImage', url: '/media/b.jpg', thumbnailUrl: '/media/b-t.jpg', width: 10, height: 10 },
    ] as unknown as RecipeCard_RecipeFragment['images'],
    reactionCounts: counts({ lekker: 2 }),
    myReaction: null,
    commentCount: 1,
    shareCount: 3,
    viewerCanDelete: false,
    author: {
      __typename: 'User',
      id: 'u2',
      displayName: 'Annelie Botha',
      initials: 'AB',
      profileImageUrl: null,
    } as RecipeCard_RecipeFragment['author'],
    ...overrides,
  };
}

const page = (nodes: unknown[]) => ({
  __typename: 'RecipeConnection',
  nodes,
  pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
});
const listMock = (nodes: ReturnType<typeof makeRecipe>[], delay = 0): MockLink.MockedResponse => ({
  request: { query: RecipesDocument, variables: { first: RECIPES_PAGE } },
  result: { data: { recipes: page(nodes) } },
  delay,
});

const renderScreen = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(<RecipesScreen />, { mocks, route: '/recipes' });
const FORM = {
  recipeName: 'Melktert',
  prepTime: '40 minutes',
  servings: '8',
  ingredients: 'Milk\nFlour',
  instructions: 'Mix\nBake',
};

describe('RecipesScreen', () => {
  it("shows 'Loading recipes...', then cards with the carousel, bullets, numbered steps and counts", async () => {
    renderScreen([listMock([makeRecipe()], 30)]);
    expect(screen.getByText('Loading recipes...')).toBeInTheDocument();
    const card = await screen.findByTestId('recipe-card');
    expect(within(card).getByRole('heading', { name: 'Bobotie' })).toBeInTheDocument();
    expect(within(card).getByText('1 hour')).toBeInTheDocument();
    expect(within(card).getByText('Serves 6')).toBeInTheDocument();
    expect(within(card).getByText('2 photo(s)')).toBeInTheDocument();
    const bullets = within(within(card).getByTestId('recipe-ingredients')).getAllByRole('listitem');
    expect(bullets.map((li) => li.textContent)).toEqual(['500g mince', '2 slices bread']);
    const steps = within(card).getByTestId('recipe-steps');
    expect(steps.tagName).toBe('OL');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Soak the bread', 'Brown the mince', 'Bake']);
    expect(within(card).getByTestId('recipe-counts')).toHaveTextContent('2 like(s)1 comment(s)3 share(s)');
    expect(within(card).getByRole('img', { name: 'Bobotie, photo 1 of 2' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Next photo' }));
    expect(within(card).getByRole('img', { name: 'Bobotie, photo 2 of 2' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Next photo' }));
    expect(within(card).getByRole('img', { name: 'Bobotie, photo 1 of 2' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete Bobotie' })).toBeNull();
  });

  it("shows the spec's empty text, and an error with Retry", async () => {
    const { unmount } = renderScreen([listMock([])]);
    expect(await screen.findByText('No recipes yet. Be the first to share a recipe!')).toBeInTheDocument();
    unmount();
    renderScreen([
      { request: { query: RecipesDocument, variables: { first: RECIPES_PAGE } }, error: new Error('Network down') },
    ]);
    expect(await screen.findByText('Could not load recipes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers delete only on own recipes', async () => {
    renderScreen([listMock([makeRecipe({ viewerCanDelete: true })])]);
    const card = await screen.findByTestId('recipe-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Bobotie' }));
    expect(await screen.findByText('Are you sure you want to delete this recipe?')).toBeInTheDocument();
  });

  it('reacts through the server and shows the answer', async () => {
    const reacted = makeRecipe({ myReaction: 'care', reactionCounts: counts({ lekker: 2, care: 1 }) });
    renderScreen([
      listMock([makeRecipe()]),
      {
        request: { query: ReactToRecipeDocument, variables: { id: 'r1', type: 'care' } },
        result: { data: { reactToRecipe: reacted } },
      },
    ]);
    const card = await screen.findByTestId('recipe-card');
    await userEvent.click(within(card).getByTestId('reaction-button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Care' }));
    await waitFor(() => expect(within(card).getByTestId('reaction-button')).toHaveAttribute('data-reaction', 'care'));
    expect(within(card).getByTestId('recipe-counts')).toHaveTextContent('3 like(s)');
  });

  it("Add Recipe toggles 'Share Your Recipe'; all five fields are required; the server's refusal shows 'Upload Failed'", async () => {
    renderScreen([
      listMock([]),
      {
        request: { query: CreateRecipeDocument, variables: { input: { ...FORM, images: [] } } },
        result: { errors: [{ message: 'servings must be at most 100 characters' }] } as never,
      },
    ]);
    await screen.findByTestId('recipes-empty');
    await userEvent.click(screen.getByRole('button', { name: 'Add Recipe' }));
    const form = screen.getByTestId('recipe-form');
    expect(within(form).getByRole('heading', { name: 'Share Your Recipe' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Share Recipe' }));
    for (const label of ['Recipe Name', 'Prep Time', 'Servings', 'Ingredients', 'Instructions']) {
      expect(within(form).getByText(`${label} is required`)).toBeInTheDocument();
    }
    const boxes = within(form).getAllByRole('textbox');
    for (const [i, value] of Object.values(FORM).entries()) fireEvent.change(boxes[i], { target: { value } });
    await userEvent.click(within(form).getByRole('button', { name: 'Share Recipe' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('servings must be at most 100 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Recipe' }));
    expect(screen.queryByTestId('recipe-form')).toBeNull();
  });

  it('keeps at most five photos, disabling the picker at five', async () => {
    renderScreen([listMock([])]);
    await screen.findByTestId('recipes-empty');
    await userEvent.click(screen.getByRole('button', { name: 'Add Recipe' }));
    const input = screen.getByTestId('recipe-photos-input') as HTMLInputElement;
    const files = Array.from(
      { length: 7 },
      (_, i) => new File([new Uint8Array([0xff, 0xd8, 0xff])], `p${i}.jpg`, { type: 'image/jpeg' }),
    );
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Photos (5/5)')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d preview$/ })).toHaveLength(5);
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Photos' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText('Photos (4/5)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Photos' })).toBeEnabled();
  });
});

describe('recipe texts', () => {
  it('words a failed post as the spec does', () => {
    expect(postFailureText('')).toBe('Failed to post recipe. Please try again.');
    expect(postFailureText('401: Unauthorized')).toBe('Please log in to post recipes');
    expect(postFailureText('Not signed in')).toBe('Please log in to post recipes');
    expect(postFailureText('images[0] must be an image')).toBe('images[0] must be an image');
  });

  it('drops photos beyond the limit', () => {
    expect(withinPhotoLimit([1, 2, 3], [4, 5, 6, 7], 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
