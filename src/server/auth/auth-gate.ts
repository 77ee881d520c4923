import { z } from 'zod';
import { LoginForm, MAX_PASSWORD_LENGTH, RegisterForm } from '../../shared/api/auth.schemas';
import { text } from '../../shared/api/text';

/**
 * What the shop lets through to better-auth (DESIGN §3): the endpoints its pages use, each body read by
 * our own shared schemas first (strict: unknown keys, control characters, a 900,000-character name or
 * an object where a string belongs are refused with a message), and nothing else: the endpoints the
 * shop does not use answer 404.
 */

/** A place in this shop to come back to after a link: a path here, never another site. */
const localPath = text({ max: 2048 }).refine((path) => path === '' || /^\/(?![/\\])/.test(path), {
  error: 'Expected a path in this shop, such as /home',
});

const newPassword = RegisterForm.shape.password;

const bodies = {
  '/sign-up/email': z.strictObject({
    name: RegisterForm.shape.name,
    email: RegisterForm.shape.email,
    password: newPassword,
    callbackURL: localPath.optional(),
    rememberMe: z.boolean().optional(),
  }),
  '/sign-in/email': z.strictObject({
    email: LoginForm.shape.email,
    password: LoginForm.shape.password,
    callbackURL: localPath.optional(),
    rememberMe: z.boolean().optional(),
  }),
  '/sign-in/social': z.strictObject({
    provider: z.literal('google', { error: 'Only Google sign-in is offered' }),
    callbackURL: localPath.optional(),
    newUserCallbackURL: localPath.optional(),
    errorCallbackURL: localPath.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  '/sign-out': z.strictObject({}),
  '/request-password-reset': z.strictObject({
    email: LoginForm.shape.email,
    redirectTo: localPath.optional(),
  }),
  '/reset-password': z.strictObject({
    newPassword,
    token: text({ required: 'The reset link is incomplete', max: 256 }),
  }),
  '/send-verification-email': z.strictObject({
    email: LoginForm.shape.email,
    callbackURL: localPath.optional(),
  }),
  // A customer may change their name; pictures are not taken from the client.
  '/update-user': z.strictObject({ name: RegisterForm.shape.name }),
  // Changing the password always ends the account's other sessions.
  '/change-password': z
    .strictObject({
      currentPassword: text({
        required: 'Please enter your current password',
        max: MAX_PASSWORD_LENGTH,
        raw: true,
      }),
      newPassword,
      revokeOtherSessions: z.boolean().optional(),
    })
    .transform((body) => ({ ...body, revokeOtherSessions: true })),
} satisfies Record<string, z.ZodType>;

export type GatedPath = keyof typeof bodies;

/** Where a body chooses a new password (refused when it is a common one). */
export const NEW_PASSWORD_FIELD: Partial<Record<GatedPath, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** GET endpoints and identity providers' returns: no JSON body to read. */
const OPEN = [
  /^GET \/get-session$/,
  /^GET \/verify-email$/,
  /^GET \/reset-password\/[^/]+$/,
  /^(GET|POST) \/(oauth2\/)?callback\/[\w-]+$/,
  /^GET \/(error|ok)$/,
];

export type GateDecision =
  | { kind: 'pass' }
  | { kind: 'body'; path: GatedPath; body: Record<string, unknown> }
  | { kind: 'refuse'; status: number; code: string; message: string };

/** Reads one request to better-auth: lets it through (with its body as our schema read it), or refuses it. */
export function gateAuthRequest(method: string, path: string, rawBody: unknown): GateDecision {
  if (OPEN.some((pattern) => pattern.test(`${method} ${path}`))) return { kind: 'pass' };
  if (method !== 'POST' || !(path in bodies)) {
    return {
      kind: 'refuse',
      status: 404,
      code: 'NOT_FOUND',
      message: `There is no endpoint ${method} /api/auth${path}`,
    };
  }
  const gated = path as GatedPath;
  let json: unknown = {};
  if (typeof rawBody === 'string' && rawBody.trim() !== '') {
    try {
      json = JSON.parse(rawBody);
    } catch {
      return {
        kind: 'refuse',
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The request body is not valid JSON',
      };
    }
  }
  const parsed = bodies[gated].safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.join('.');
    const message =
      issue?.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}`
        : `${field ? `${field}: ` : ''}${issue?.message ?? 'The request is not valid'}`;
    return { kind: 'refuse', status: 400, code: 'VALIDATION_FAILED', message };
  }
  return { kind: 'body', path: gated, body: parsed.data };
}
