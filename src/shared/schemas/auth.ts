import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits.ts';

/*
 * Messages are i18n keys (see src/web/i18n/*.json, section "validation"). The form shows
 * t(key); the server translates the same key into the request's language.
 */

const optionalText = z
  .string()
  .trim()
  .max(200, 'validation.tooLong')
  .optional()
  .transform((value) => (value ? value : undefined));

const username = z
  .string()
  .trim()
  .min(USERNAME_MIN, 'validation.usernameLength')
  .max(USERNAME_MAX, 'validation.usernameLength');

const email = z.string().trim().toLowerCase().pipe(z.email('validation.email'));

/** A valid URL, or nothing. An empty string means "no logo". */
const optionalUrl = z
  .union([z.literal(''), z.url('validation.url').max(2000, 'validation.tooLong')])
  .optional()
  .transform((value) => (value ? value : undefined));

export const ZRegisterRequest = z.object({
  username,
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, 'validation.passwordLength')
    .max(200, 'validation.tooLong'),
  organization: optionalText,
  phone: optionalText,
  logoUrl: optionalUrl,
  vipPromotionCode: optionalText,
  /** Set only on the retry after "User already exists". */
  overwrite: z.boolean().optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export type TRegisterData = z.output<typeof ZRegisterRequest>;

/** The registration form: the request plus a confirmation that never leaves the browser. */
export const ZRegisterForm = ZRegisterRequest.omit({ overwrite: true })
  .extend({
    confirmPassword: z.string().min(PASSWORD_MIN, 'validation.passwordLength'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZLoginRequest = z.object({
  /** A username or an email address. */
  username: z.string().trim().min(1, 'validation.required'),
  password: z.string().min(1, 'validation.required'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZProfileUpdateRequest = z.object({
  username,
  email,
  organization: optionalText,
  phone: optionalText,
  logoUrl: optionalUrl,
  vipPromotionCode: optionalText,
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;
export type TProfileUpdateData = z.output<typeof ZProfileUpdateRequest>;

export const ZResendVerificationRequest = z.object({ email });
export type TResendVerificationRequest = z.input<typeof ZResendVerificationRequest>;

export const ZRole = z.enum(['user', 'admin']);
export type TRole = z.infer<typeof ZRole>;

/** The user as the browser sees it: never a password, token or hash. */
export const ZPublicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  organization: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  vipPromotionCode: z.string().nullable(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  role: ZRole,
  createdAt: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZUserResponse = z.object({ user: ZPublicUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZRegisterResponse = z.object({
  user: ZPublicUser,
  /** true when an existing account was updated by the overwrite retry. */
  updated: z.boolean(),
  /** true when a verification mail went out (new or still unverified address). */
  verificationSent: z.boolean(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZProfileUpdateResponse = z.object({
  user: ZPublicUser,
  /** true when the email changed and must be verified again. */
  verificationSent: z.boolean(),
});
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZAdminUsersResponse = z.object({ users: z.array(ZPublicUser) });
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;
