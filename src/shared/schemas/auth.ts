import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits.ts';
import { isTimeZone } from '../time-zone.ts';
import {
  emailAddress,
  optionalHttpUrl,
  optionalText as optionalTextUpTo,
  safeText,
} from './text.ts';

/*
 * Messages are i18n keys (see src/shared/i18n/*.json, section "validation"). The form shows
 * t(key); the server translates the same key into the request's language.
 */

const optionalText = optionalTextUpTo(200);

/**
 * Control and format characters (zero-width spaces and joiners, bidirectional marks and
 * overrides, soft hyphens, BOM): invisible, they make two different names look alike.
 */
const INVISIBLE_OR_BIDI = /[\p{Cc}\p{Cf}]/u;

/**
 * One spelling per name: NFKC folds full-width and compatibility forms ("ｊｏｈｎ" is "john").
 * Names whose look-alike skeleton equals an existing one are refused by the server.
 */
const username = safeText()
  .overwrite((value) => value.normalize('NFKC').trim())
  .min(USERNAME_MIN, 'validation.usernameLength')
  .max(USERNAME_MAX, 'validation.usernameLength')
  .refine((value) => !INVISIBLE_OR_BIDI.test(value), 'validation.usernameCharacters');

const email = emailAddress();

/** The password rule, one for registration, reset and change (forms and routes alike). */
const newPassword = safeText()
  .min(PASSWORD_MIN, 'validation.passwordLength')
  .max(200, 'validation.tooLong');

/** A valid URL, or nothing. An empty string means "no logo". */
const optionalUrl = optionalHttpUrl(2000);

export const ZRegisterRequest = z.object({
  username,
  email,
  password: newPassword,
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
    // Only "required": a short confirmation that differs says "Passwords do not match".
    confirmPassword: safeText().min(1, 'validation.required'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZLoginRequest = z.object({
  /** A username or an email address. */
  username: safeText().trim().min(1, 'validation.required').max(320, 'validation.tooLong'),
  password: safeText().min(1, 'validation.required').max(200, 'validation.tooLong'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** An IANA time zone name the runtime knows. */
export const ZTimeZone = safeText()
  .trim()
  .refine((value) => isTimeZone(value), 'validation.timeZone');

export const ZProfileUpdateRequest = z.object({
  username,
  email,
  organization: optionalText,
  phone: optionalText,
  logoUrl: optionalUrl,
  vipPromotionCode: optionalText,
  /** The owner's IANA time zone (exports show times in it); left out: unchanged. */
  timeZone: ZTimeZone.optional(),
});
/** The owner's time zone alone (the web sends the browser's when none is set). */
export const ZTimeZoneUpdateRequest = z.object({ timeZone: ZTimeZone });
export type TTimeZoneUpdateRequest = z.input<typeof ZTimeZoneUpdateRequest>;

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
  /** A new address asked for in the profile, in force once its mailed link is followed. */
  pendingEmail: z.string().nullable().optional(),
  organization: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  vipPromotionCode: z.string().nullable(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  /** The owner's IANA time zone; null until set (the web then sends the browser's). */
  timeZone: z.string().nullable(),
  role: ZRole,
  createdAt: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZUserResponse = z.object({ user: ZPublicUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

/** A login's answer: `firstLogin` when the account was never signed in before ("Welcome"). */
export const ZLoginResponse = ZUserResponse.extend({ firstLogin: z.boolean() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

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
  /** true when a new email was asked for: a link went to it, the old one stays until then. */
  verificationSent: z.boolean(),
});
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZAdminUsersResponse = z.object({ users: z.array(ZPublicUser) });
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

const linkToken = safeText().trim().min(1, 'validation.required').max(200, 'validation.tooLong');

/** "Forgot password": always answered the same, known address or not. */
export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: linkToken,
  password: newPassword,
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** The reset page: a new password twice (the token comes from the link). */
export const ZResetPasswordForm = z
  .object({ password: newPassword, confirmPassword: safeText().min(1, 'validation.required') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** The verification page reads its link before asking for a password. */
export const ZVerificationLinkRequest = z.object({ token: linkToken });
export const ZVerificationLinkResponse = z.object({
  /** registration: any password becomes the account's; email-change: the account's own. */
  purpose: z.enum(['registration', 'email-change']),
  username: z.string(),
  email: z.string(),
});
export type TVerificationLinkResponse = z.infer<typeof ZVerificationLinkResponse>;

/**
 * Verifying an address takes the link and a password its holder types: a link alone, or a
 * password chosen by someone without the mailbox, never verifies or signs in anyone.
 */
export const ZVerifyEmailRequest = z.object({ token: linkToken, password: newPassword });
export type TVerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;
export const ZVerifyEmailForm = ZVerifyEmailRequest.omit({ token: true });
export type TVerifyEmailForm = z.input<typeof ZVerifyEmailForm>;

export const ZChangePasswordRequest = z.object({
  currentPassword: safeText().min(1, 'validation.required').max(200, 'validation.tooLong'),
  newPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: safeText().min(1, 'validation.required'),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: 'validation.passwordMismatch',
  path: ['confirmPassword'],
});
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
