import { describe, expect, it } from 'vitest';
import { categoryFrom, countLine, EMPTY_FORM, formErrors, optionLabel, priceOf, radiusFrom } from './listingText';

describe('marketplace texts and rules', () => {
  it('reads option values as labels', () => {
    expect(optionLabel('like-new')).toBe('Like New');
    expect(optionLabel('electronics')).toBe('Electronics');
  });

  it('keeps the radius within 1 to 50 km, 10 by default, and the category within the list', () => {
    expect(radiusFrom(null)).toBe(10);
    expect(radiusFrom('1')).toBe(1);
    expect(radiusFrom('50')).toBe(50);
    expect(radiusFrom('0')).toBe(10);
    expect(radiusFrom('51')).toBe(10);
    expect(radiusFrom('2.5')).toBe(10);
    expect(categoryFrom('books')).toBe('books');
    expect(categoryFrom('cars')).toBeNull();
    expect(categoryFrom(null)).toBeNull();
  });

  it('words the count line as the spec does', () => {
    expect(countLine(3, 12)).toBe('Showing 3 of 12 items');
  });

  it('requires name, a numeric price, condition, category and description', () => {
    expect(formErrors(EMPTY_FORM)).toEqual({
      name: 'Item name is required',
      price: 'Price is required',
      condition: 'Condition is required',
      category: 'Category is required',
      description: 'Description is required',
    });
    const ok = {
      ...EMPTY_FORM,
      name: 'Kettle',
      price: '120,50',
      condition: 'good',
      category: 'other',
      description: 'Boils water.',
    };
    expect(formErrors(ok)).toEqual({});
    expect(formErrors({ ...ok, price: 'cheap' })).toEqual({ price: 'Price must be a number' });
    expect(formErrors({ ...ok, price: '-5' })).toEqual({ price: 'Price must be a number' });
    expect(priceOf('120,50')).toBe(120.5);
  });
});
