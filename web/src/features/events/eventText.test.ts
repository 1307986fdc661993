import { describe, expect, it } from 'vitest';
import { bookedText, clampQuantity, money, priceText, ticketsLeftText, totalTicketsOf, whenText } from './eventText';

describe('event texts', () => {
  it('clamps the quantity between 1 and the tickets available', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-4, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it('totals 50 tickets when the input is not a number', () => {
    expect(totalTicketsOf('')).toBe(50);
    expect(totalTicketsOf('abc')).toBe(50);
    expect(totalTicketsOf('12')).toBe(12);
  });

  it('shows prices in dollars, Free at 0, and the spec texts', () => {
    expect(priceText(0)).toBe('Free');
    expect(money(12.5)).toBe('$12.50');
    expect(money(20)).toBe('$20');
    expect(bookedText(2, 'Braai')).toBe("You've successfully booked 2 ticket(s) for Braai");
    expect(ticketsLeftText(1)).toBe('1 ticket left');
    expect(whenText('2099-03-01', '18:30')).toContain('18:30');
    expect(whenText('2099-03-01', null)).toContain('2099');
  });
});
