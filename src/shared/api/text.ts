import { z } from 'zod';
import { formatUnits } from '../numbers';

/**
 * Text typed by a person (DESIGN §3): one schema for every text field of every body, so that a NUL or
 * another control character is refused with a message instead of reaching the database. Single-line
 * fields refuse tabs and line breaks too; `multiline` fields (descriptions, reviews) keep them.
 */
// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// Characters that change how text around them reads without showing themselves: the bidirectional
// embeddings, overrides and isolates (a name that shows as 'Acme' and sorts as 'emcA'), and the byte
// order mark. A lone surrogate is half a character, which no keyboard types and PostgreSQL refuses.
const INVISIBLE_FORMATTING = /[\u202A-\u202E\u2066-\u2069\uFEFF]/;
// In a single line (a name, a company, a label) also the zero-width characters, the direction marks
// and the tag characters, which make two names that look alike differ ('Acme' and 'Ac\u200Bme'), or
// smuggle text nobody sees. Multi-line texts (reviews, descriptions) keep the zero-width joiner that
// emoji sequences are made of.
const INVISIBLE_IN_A_LINE = /[\u061C\u200B-\u200F\u2060-\u2064\u{E0000}-\u{E007F}]/u;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

// What shows nothing on its own: marks (combining accents, variation selectors, the combining grapheme
// joiner), separators, format characters (the soft hyphen), and the letters scripts define as blank
// fillers (Hangul's U+3164, U+115F, U+1160, U+FFA0; the blank braille pattern). A required field needs
// one character that is none of these: a name made only of them is no name.
const SHOWS_SOMETHING = /[^\p{M}\p{Z}\p{C}\u3164\u115F\u1160\uFFA0\u2800]/u;

/** Whether a text shows at least one character (not only blanks, fillers and combining marks). */
export const showsSomething = (value: string): boolean => SHOWS_SOMETHING.test(value);

export const NO_CONTROL_CHARACTERS = 'Please remove the invisible control characters from this text';
export const BROKEN_CHARACTER = 'This text holds a broken character; please type it again';

/** Whether a text is free of control and invisible formatting characters and of broken ones. */
export function textProblem(value: string, multiline = false): string | null {
  if (
    (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value) ||
    INVISIBLE_FORMATTING.test(value) ||
    (!multiline && INVISIBLE_IN_A_LINE.test(value))
  )
    return NO_CONTROL_CHARACTERS;
  if (LONE_SURROGATE.test(value)) return BROKEN_CHARACTER;
  return null;
}

export interface TextRules {
  /** The message when the field is empty; absent: it may be empty. */
  required?: string;
  max: number;
  multiline?: boolean;
  /** Kept as typed (a password), instead of trimmed. */
  raw?: boolean;
}

export function text({ required, max, multiline = false, raw = false }: TextRules) {
  // A required field that is missing altogether says the same as an empty one.
  const string = z.string({ error: (issue) => (issue.input === undefined ? required : undefined) });
  const base = raw ? string : string.trim();
  return base
    .min(required ? 1 : 0, { error: required ?? 'Please fill in this field' })
    .max(max, { error: `Please keep this under ${formatUnits(max)} characters` })
    .superRefine((value, ctx) => {
      const problem = textProblem(value, multiline);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      else if (required && value && !showsSomething(value))
        ctx.addIssue({ code: 'custom', message: required });
    });
}

/** A web address for a picture: https only (DESIGN §4), or http too where `http` is allowed. */
export function pictureUrl({
  required,
  http = false,
  noun = 'picture',
}: {
  required: string;
  /** Also takes http:// addresses and pictures of this site by path (`/images/tools/drill.svg`). */
  http?: boolean;
  noun?: string;
}) {
  const error = `The ${noun} must be an ${http ? 'http(s)' : 'https://'} web address`;
  const address = z.url({ protocol: http ? /^https?$/ : /^https$/, error });
  return text({ required, max: 2048 }).pipe(
    // A path on this site, as the demo catalog's pictures are: one leading slash, nothing to escape it.
    http ? z.union([z.string().regex(/^\/(?![/\\])(?!.*\.\.)[\w\-./%]*$/), address], { error }) : address,
  );
}
