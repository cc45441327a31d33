import { describe, expect, it } from 'vitest';
import { pageSizeChoice } from './cups';

describe('the driver page a PDF job asks for', () => {
  const generic = ['Letter', 'Letter.Fullbleed', 'A4', 'A4.Fullbleed', 'A6', 'A6.Fullbleed', 'Legal'];

  it("takes the driver's own name for the size, borderless when it has one", () => {
    expect(pageSizeChoice('A6', generic)).toBe('A6.Fullbleed');
    expect(pageSizeChoice('A4', ['Letter', 'A4'])).toBe('A4');
    expect(pageSizeChoice('4x6', ['w288h432', 'w288h216'])).toBe('w288h432');
    expect(pageSizeChoice('4x6', ['Letter', '4x6'])).toBe('4x6');
  });

  it('gives the size in points to a driver that takes any size, and nothing to one without it', () => {
    expect(pageSizeChoice('4x6', ['Letter', 'Custom.WIDTHxHEIGHT'])).toBe('Custom.288x432');
    expect(pageSizeChoice('4x6', generic)).toBeNull();
  });
});
