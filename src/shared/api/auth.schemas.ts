import { z } from 'zod';
import { text } from './text';

/** Rules for the sign-in forms, shared by the pages (the identity service enforces them too). */
export const MIN_PASSWORD_LENGTH = 8;

export const MAX_PASSWORD_LENGTH = 128;

const email = z.email({ error: 'Please enter a valid email address' }).max(254);

export const LoginForm = z.object({
  email,
  password: text({ required: 'Please enter your password', max: MAX_PASSWORD_LENGTH, raw: true }),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const RegisterForm = z.object({
  name: text({ required: 'Please enter your name', max: 100 }),
  email,
  password: text({ required: 'Please choose a password', max: MAX_PASSWORD_LENGTH, raw: true }).min(
    MIN_PASSWORD_LENGTH,
    { error: `Use at least ${MIN_PASSWORD_LENGTH} characters for your password` },
  ),
});
export type RegisterForm = z.infer<typeof RegisterForm>;

export const ResetPasswordForm = z
  .object({
    password: RegisterForm.shape.password,
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, { error: 'The two passwords differ', path: ['confirm'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
