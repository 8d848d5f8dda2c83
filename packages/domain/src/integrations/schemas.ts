import { z } from 'zod';

/**
 * `/settings/integrations` (issue 17 item 3): how the installation signs people in, sends e-mail,
 * keeps files and scans them, as the server is configured. Never a secret: no passwords, client
 * secrets or keys, only whether they are set.
 */
export const integrationKinds = ['sign-in', 'smtp', 'storage', 'clamd'] as const;
export const IntegrationKindSchema = z.enum(integrationKinds);
export type IntegrationKind = z.infer<typeof IntegrationKindSchema>;

export const IntegrationStatusSchema = z.object({
  signIn: z.object({
    mode: z.enum(['demo', 'oidc']),
    /** OIDC only: the identity provider and the client id (public values); whether a secret is set. */
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    hasClientSecret: z.boolean(),
    publicUrl: z.string().nullable(),
  }),
  smtp: z.object({
    isConfigured: z.boolean(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    /** smtps:// (TLS from the start) rather than smtp:// (STARTTLS when offered). */
    isTls: z.boolean(),
    hasCredentials: z.boolean(),
    from: z.string(),
  }),
  storage: z.object({
    kind: z.enum(['directory', 's3']),
    /** The directory (directory storage) or bucket and endpoint (S3). */
    location: z.string(),
    /** Directory storage: whether the server can write there and the free space of its disk. */
    isWritable: z.boolean().nullable(),
    freeBytes: z.number().int().nonnegative().nullable(),
  }),
  clamd: z.object({
    isConfigured: z.boolean(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
  }),
});
export type IntegrationStatus = z.infer<typeof IntegrationStatusSchema>;

/** What a "Test connection" found: whether it worked, in plain words, and how long it took. */
export const IntegrationTestResultSchema = z.object({
  kind: IntegrationKindSchema,
  isOk: z.boolean(),
  message: z.string(),
  latencyMs: z.number().nonnegative(),
});
export type IntegrationTestResult = z.infer<typeof IntegrationTestResultSchema>;
