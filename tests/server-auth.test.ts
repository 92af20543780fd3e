import { describe, expect, it } from 'vitest';
import { hashPin, newPin, verifyPin } from '../src/server/auth.ts';

describe('referee PIN', () => {
  it('is stored hashed and salted: the PIN is not in the stored form, two hashes differ', () => {
    const a = hashPin('482913');
    const b = hashPin('482913');
    expect(a).not.toContain('482913');
    expect(a).not.toBe(b);
    expect(verifyPin('482913', a)).toBe(true);
    expect(verifyPin('482913', b)).toBe(true);
  });
  it('a wrong PIN or a mangled stored hash does not verify', () => {
    const stored = hashPin('482913');
    expect(verifyPin('482914', stored)).toBe(false);
    expect(verifyPin('482913', 'plain')).toBe(false);
    expect(verifyPin('482913', stored.slice(0, -2))).toBe(false);
  });
  it('a new PIN is six digits', () => {
    for (let i = 0; i < 20; i++) expect(newPin()).toMatch(/^\d{6}$/);
  });
});
