import { describe, expect, it } from 'vitest';
import { discountedPrice, formatDiscountedPrice, hasBidDiscount } from './discount.ts';

describe('hasBidDiscount', () => {
  it('starts exactly at the third bid', () => {
    expect(hasBidDiscount(0)).toBe(false);
    expect(hasBidDiscount(2)).toBe(false);
    expect(hasBidDiscount(3)).toBe(true);
    expect(hasBidDiscount(10)).toBe(true);
  });
});

describe('discountedPrice', () => {
  it('takes 10 % off with two decimals', () => {
    expect(discountedPrice(100)).toBe(90);
    expect(discountedPrice(99.99)).toBe(89.99);
    expect(discountedPrice(10.05)).toBe(9.05);
    expect(discountedPrice(0)).toBe(0);
    expect(discountedPrice(1234.56)).toBe(1111.1);
  });

  it('formats with exactly two decimals', () => {
    expect(formatDiscountedPrice(100)).toBe('90.00');
    expect(formatDiscountedPrice(1234.56)).toBe('1111.10');
    expect(formatDiscountedPrice(0.01)).toBe('0.01');
  });
});
