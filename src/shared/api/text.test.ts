import { describe, expect, it } from 'vitest';
import { NO_CONTROL_CHARACTERS, text, textProblem } from './text';

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

describe('a required text', () => {
  const name = text({ required: 'Please enter your name', max: 120 });
  it.each([
    ['Hangul fillers', '\u3164\u3164\u3164'],
    ['a halfwidth Hangul filler', '\uFFA0'],
    ['combining marks alone', '\u0301\u0308\u0332'],
    ['a blank braille pattern', '\u2800\u2800'],
    ['a soft hyphen and a variation selector', '\u00AD\uFE0F'],
    ['spaces of other widths', '\u2003\u3000'],
  ])('refuses a name made only of %s', (_, value) => {
    const parsed = name.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please enter your name');
  });

  it('takes a name with a letter among them, in any script', () => {
    for (const value of ['\u3164Kim', 'José', '김민준', 'A\u0301', '王']) {
      expect(name.safeParse(value).success, value).toBe(true);
    }
  });
});
