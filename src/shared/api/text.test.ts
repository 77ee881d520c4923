import { describe, expect, it } from 'vitest';
import { NO_CONTROL_CHARACTERS, textProblem } from './text';

describe('text typed by a person', () => {
  it.each([
    ['a zero-width space', 'Ac\u200Bme Ltd'],
    ['a zero-width joiner', 'Ac\u200Dme Ltd'],
    ['a left-to-right mark', 'Acme\u200E Ltd'],
    ['a right-to-left mark', 'Acme\u200F Ltd'],
    ['an Arabic letter mark', 'Acme\u061C Ltd'],
    ['a word joiner', 'Ac\u2060me'],
    ['a tag character', 'Acme\u{E0041}\u{E0042}'],
    ['a right-to-left override', 'Acme\u202E Ltd'],
  ])('refuses %s in a name', (_, name) => {
    expect(textProblem(name)).toBe(NO_CONTROL_CHARACTERS);
  });

  it('keeps accents, scripts and, in several lines, emoji joined by a zero-width joiner', () => {
    expect(textProblem('Atelier Lumière SARL')).toBeNull();
    expect(textProblem('株式会社 工具')).toBeNull();
    expect(textProblem('Great drill 👩\u200D🔧\nWould buy again', true)).toBeNull();
  });
});
