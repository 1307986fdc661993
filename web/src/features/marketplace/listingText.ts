/** The marketplace's option lists (spec 002 section 3), used until the server's marketplaceOptions arrive. */
export const CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
export const CATEGORIES = ['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'other'] as const;
/** The radius slider (spec 002 section 9): 1 to 50 km, step 1, default 10. */
export const RADIUS = { min: 1, max: 50, step: 1, default: 10 } as const;
export const STATUSES = ['available', 'pending', 'sold'] as const;
export type Status = (typeof STATUSES)[number];

/** "like-new" -> "Like New", "electronics" -> "Electronics": how an option value reads on screen. */
export const optionLabel = (value: string) =>
  value
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The radius the URL names, when it is a whole number in range; else the default. */
export function radiusFrom(
  param: string | null,
  range: { min: number; max: number; default: number } = RADIUS,
): number {
  const n = Number(param);
  return param !== null && Number.isInteger(n) && n >= range.min && n <= range.max ? n : range.default;
}

/** The category the URL names, when it is one of the list; else null (all categories). */
export function categoryFrom(param: string | null, categories: readonly string[] = CATEGORIES): string | null {
  return param && categories.includes(param) ? param : null;
}

/** The count line (spec 002 section 2): "Showing X of Y items". */
export const countLine = (shown: number, total: number) => `Showing ${shown} of ${total} items`;

/** The List Item form's fields as typed, and the message under each field that breaks its rule (spec 002 section 5). */
export interface ListingForm {
  name: string;
  price: string;
  condition: string;
  category: string;
  description: string;
  locationName: string;
  image: string;
}

export const EMPTY_FORM: ListingForm = {
  name: '',
  price: '',
  condition: '',
  category: '',
  description: '',
  locationName: '',
  image: '',
};

export function formErrors(f: ListingForm): Partial<Record<keyof ListingForm, string>> {
  const errors: Partial<Record<keyof ListingForm, string>> = {};
  if (!f.name.trim()) errors.name = 'Item name is required';
  const price = f.price.trim();
  if (!price) errors.price = 'Price is required';
  else if (!/^\d+([.,]\d{1,2})?$/.test(price)) errors.price = 'Price must be a number';
  if (!f.condition) errors.condition = 'Condition is required';
  if (!f.category) errors.category = 'Category is required';
  if (!f.description.trim()) errors.description = 'Description is required';
  return errors;
}

/** The price as the server takes it: "1200,50" -> 1200.5. */
export const priceOf = (price: string) => Number(price.trim().replace(',', '.'));
