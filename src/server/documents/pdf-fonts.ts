import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { projectPaths } from '../config/project-paths';

/**
 * The fonts documents are set in, and how a text is split among them. DejaVu Sans first (Latin, Greek,
 * Cyrillic and most symbols), then Google's Noto fonts for what a customer may write that it lacks:
 * Noto Sans SC (Chinese, and Japanese kana and kanji), Noto Sans Arabic, Noto Sans Hebrew and Noto
 * Emoji. Every character is drawn in the first font of its weight that has it (a run of characters
 * stays in its font while that font has them, so the spaces between Chinese words are not DejaVu's);
 * a character none has is drawn as U+FFFD (�), which DejaVu has: a PDF/A file must never draw a
 * font's .notdef glyph (ISO 19005-3, 6.2.11.8), the empty box a missing character otherwise becomes.
 * pdfkit embeds each font subset to the glyphs drawn; a fallback font is read from disk the first
 * time a document needs it.
 */

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

/** The Noto fallbacks, in the order a character looks for itself in them: name and @expo-google-fonts package. */
const NOTO = [
  ['NotoSansSC', 'noto-sans-sc'],
  ['NotoSansArabic', 'noto-sans-arabic'],
  ['NotoSansHebrew', 'noto-sans-hebrew'],
  ['NotoEmoji', 'noto-emoji'],
] as const;

/** A weight's fonts, first DejaVu's, then the Noto fallbacks': name and file. */
const family = (first: string, weight: '400Regular' | '700Bold', suffix: string): [string, string][] => [
  [first, join(projectPaths.invoiceFonts, `${first}.ttf`)],
  ...NOTO.map(([stem, pkg]): [string, string] => [
    `${stem}${suffix}`,
    join(projectPaths.notoFonts, pkg, weight, `${stem}_${weight}.ttf`),
  ]),
];

const FAMILIES: Record<string, [name: string, file: string][]> = {
  [REGULAR]: family(REGULAR, '400Regular', ''),
  [BOLD]: family(BOLD, '700Bold', '-Bold'),
};

/** What no font has: drawn as the replacement character, in the weight's first font. */
const REPLACEMENT = '\uFFFD';

/**
 * Characters that draw nothing (joiners, variation selectors, direction marks, tags): kept when the
 * run's font has them (an emoji's ZWJ sequence), dropped when not, never a .notdef.
 */
const isInvisible = (code: number) =>
  code === 0xad ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2064) ||
  (code >= 0xfe00 && code <= 0xfe0f) ||
  code === 0xfeff ||
  (code >= 0xe0000 && code <= 0xe007f);

const parsed = new Map<string, Font>();
let fontkit: typeof Fontkit | undefined;
let firstFonts: Record<string, Buffer> | undefined;

/**
 * Loads fontkit (as pdfkit does, on the first document rather than at start-up) and reads the first
 * fonts' files; answers the fonts a document registers, by name: the first fonts' bytes, read once per
 * process, and the fallbacks' paths, which pdfkit reads only for a document that uses them.
 */
export async function documentFonts(): Promise<Record<string, Buffer | string>> {
  fontkit ??= await import('fontkit');
  firstFonts ??= Object.fromEntries(
    Object.values(FAMILIES).flatMap(([first]) => (first ? [[first[0], readFileSync(first[1])]] : [])),
  );
  const fonts: Record<string, Buffer | string> = {};
  for (const [name, file] of Object.values(FAMILIES).flat()) fonts[name] = firstFonts[name] ?? file;
  return fonts;
}

function fontOf(name: string): Font {
  let font = parsed.get(name);
  if (!font) {
    const file = Object.values(FAMILIES)
      .flat()
      .find(([candidate]) => candidate === name)?.[1];
    if (!fontkit || !file) throw new Error(`No document font ${name} (documentFonts() loads them)`);
    font = fontkit.create(firstFonts?.[name] ?? readFileSync(file)) as Font;
    parsed.set(name, font);
  }
  return font;
}

/** A stretch of text in one font. */
export interface FontRun {
  font: string;
  text: string;
}

/** The weight a font belongs to (its family's first font), or null for a font that is no document font. */
export function weightOf(font: string): string | null {
  for (const [weight, family] of Object.entries(FAMILIES)) {
    if (family.some(([name]) => name === font)) return weight;
  }
  return null;
}

/**
 * `text` in `weight`'s fonts: runs of characters each drawn in a font that has every one of them.
 * Plain text of the first font's scripts is one run and reads no other font.
 */
export function fontRuns(text: string, weight: string): FontRun[] {
  const family = FAMILIES[weight];
  if (!family) throw new Error(`No document font ${weight}`);
  const font = (i: number): [string, Font] => [family[i]?.[0] ?? '', fontOf(family[i]?.[0] ?? '')];
  const runs: FontRun[] = [];
  let current = font(0);
  let run = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // Line breaks and tabs are pdfkit's to lay out, not glyphs.
    if (code < 0x20 || current[1].hasGlyphForCodePoint(code)) {
      run += char;
      continue;
    }
    if (isInvisible(code)) continue;
    let found: [string, Font] | null = null;
    for (let i = 0; i < family.length && !found; i += 1) {
      const candidate = font(i);
      if (candidate[1].hasGlyphForCodePoint(code)) found = candidate;
    }
    const next = found ?? font(0);
    if (next[0] !== current[0]) {
      if (run) runs.push({ font: current[0], text: run });
      current = next;
      run = '';
    }
    run += found ? char : REPLACEMENT;
  }
  if (run || runs.length === 0) runs.push({ font: current[0], text: run });
  return runs;
}
