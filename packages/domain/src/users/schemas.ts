import { z } from 'zod';
import { PlatformRoleSchema } from '../auth/role-schemas';

export const MeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  platformRole: PlatformRoleSchema.nullable(),
  isVerified: z.boolean(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  mfaEnabled: z.boolean(),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  /** The person's own IANA time zone (settings/user); null: the organisation's is used. */
  timeZone: z.string().nullable(),
  /** How this request was authenticated: a browser session or a bearer token. */
  authMethod: z.enum(['session', 'api-token', 'oidc-token']),
});
export type Me = z.infer<typeof MeSchema>;

/** Whether the runtime knows an IANA time zone name (Intl throws a RangeError for one it does not). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `PATCH /api/me`: the person's own name and time zone (settings/user); the e-mail is not theirs to change. */
export const UpdateMeSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter your name').max(200, 'Name must be at most 200 characters'),
    timeZone: z
      .string()
      .max(64, 'Time zone must be at most 64 characters')
      .refine(isKnownTimeZone, 'Choose a time zone from the list (an IANA name such as Australia/Sydney)')
      .nullable(),
  })
  .partial();
export type UpdateMe = z.infer<typeof UpdateMeSchema>;

/** The button on the verification page says exactly this, and the server expects exactly this. */
export const VerificationSchema = z.object({ acknowledgement: z.literal('I understand') });

export const CreateApiTokenSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Days until the token stops working; none for a token that lasts until revoked. */
  expiresInDays: z.number().int().min(1).max(366).optional(),
});

export const ApiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the secret, so a user can tell tokens apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** Returned once, at creation: the only time the secret is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });

export const DemoUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** What this user is, for the sign-in list: 'Team Lead at Sunrise Support', 'System admin'. */
  description: z.string(),
});
export type DemoUser = z.infer<typeof DemoUserSchema>;

export const DemoLoginSchema = z.object({ email: z.email().max(254) });

export const AuthConfigSchema = z.object({ mode: z.enum(['demo', 'oidc']) });
