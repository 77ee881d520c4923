import { z } from 'zod';

/** Rules for the sign-in forms, shared by the pages (the identity service enforces them too). */
export const MIN_PASSWORD_LENGTH = 8;

export const LoginForm = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z.string().min(1, { error: 'Please enter your password' }),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const RegisterForm = z.object({
  name: z.string().trim().min(1, { error: 'Please enter your name' }).max(100),
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters for your password` })
    .max(128),
});
export type RegisterForm = z.infer<typeof RegisterForm>;

export const ResetPasswordForm = z
  .object({
    password: RegisterForm.shape.password,
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, { error: 'The two passwords differ', path: ['confirm'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
