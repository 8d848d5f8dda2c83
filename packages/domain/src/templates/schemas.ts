import { z } from 'zod';

/**
 * Compliance form templates (spec work section 3, "Form field definition", "Form template",
 * "Built-in templates"). Built-in templates live in `built-in-templates.ts`; tenant admins add custom
 * ones through `POST /api/templates`. Both have this shape.
 */

export const fieldTypes = [
  'text',
  'textarea',
  'select',
  'date',
  'checkbox',
  'multi-select',
  'signature',
] as const;
export const FieldTypeSchema = z.enum(fieldTypes);
export type FieldType = z.infer<typeof FieldTypeSchema>;

/**
 * Tenant admins write patterns that run on every save, so a pattern that could backtrack for ever on
 * a long value (a quantified group that itself contains a quantifier, as in `(a+)+`) is refused.
 */
function isSafePattern(source: string): boolean {
  try {
    new RegExp(source);
  } catch {
    return false;
  }
  return !/\([^)]*[+*}][^)]*\)\s*[+*{]/.test(source);
}

export const FieldValidationSchema = z.object({
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(1).optional(),
  /** A JavaScript regular expression source, matched against the whole value (e.g. `^\d{9}$`). */
  pattern: z
    .string()
    .max(200)
    .refine(isSafePattern, 'Use a simple pattern: it must compile and must not repeat a repeated group')
    .optional(),
});
export type FieldValidation = z.infer<typeof FieldValidationSchema>;

/** A field id: lower-case words joined by hyphens (`participant-name`). */
export const FieldIdSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens');

/**
 * Who puts their name to a signature field and who may sign it (decision 0021). `self`: the
 * signed-in person signs in their own name. `participant`, `guardian`, `witness`: the signed-in
 * person captures the signature of the named participant, guardian or witness, and is recorded as
 * its capturer. `requiredRole: 'clinician'`: only someone holding sign:documents on the card's team
 * (a Practitioner or Therapist, or an organisation admin) may sign or capture it. A field without a
 * rule takes one from its id (`signatureRuleOf` in signatures.ts).
 */
export const signatureSigners = ['self', 'participant', 'guardian', 'witness'] as const;
export const SignatureRuleSchema = z.object({
  signer: z.enum(signatureSigners),
  requiredRole: z.enum(['clinician']).optional(),
});
export type SignatureRule = z.infer<typeof SignatureRuleSchema>;

export const FormFieldSchema = z.object({
  id: FieldIdSchema,
  name: z.string().min(1).max(120),
  type: FieldTypeSchema,
  required: z.boolean(),
  order: z.number().int().min(0),
  /** The field is one of the spec's standard NDIS fields. */
  ndisStandard: z.boolean(),
  validation: FieldValidationSchema.optional(),
  helpText: z.string().max(500).optional(),
  /** Choices of select and multi-select fields. */
  options: z.array(z.string().min(1).max(120)).max(50).optional(),
  defaultValue: z.union([z.string(), z.boolean(), z.array(z.string())]).optional(),
  /** Signature fields only: who signs and which role may (see SignatureRuleSchema). */
  signature: SignatureRuleSchema.optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

export const templateCategories = ['plan', 'assessment', 'training', 'incident', 'risk'] as const;
export const TemplateCategorySchema = z.enum(templateCategories);
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

export const RequiredDocumentSchema = z.object({
  id: z.string().min(1).max(80),
  name: z.string().min(1).max(120),
  description: z.string().max(500),
  type: z.literal('upload'),
  required: z.boolean(),
  /** File extensions without the dot: pdf, doc, docx. */
  formats: z.array(z.string().min(1).max(10)).min(1),
  /** Bytes. */
  maxSize: z.number().int().positive(),
  retention: z.object({ keepFor: z.number().int().min(0), autoDelete: z.boolean() }),
});
export type RequiredDocument = z.infer<typeof RequiredDocumentSchema>;

/** Roles a template names as required to complete it (enforcement of these is not in the spec). */
export const TemplateRoleSchema = z.enum(['clinician', 'support-worker']);

export const PdfSectionSchema = z.object({
  id: z.string().min(1).max(80),
  name: z.string().min(1).max(120),
  order: z.number().int().min(0),
  fields: z.array(z.string()),
  layout: z.enum(['single-column', 'two-column']),
  pageBreak: z.boolean(),
});

export const FormTemplateSchema = z.object({
  id: z.string().min(1).max(80),
  /** null for the built-in templates every tenant shares. */
  tenantId: z.uuid().nullable(),
  name: z.string().min(1).max(120),
  description: z.string().max(1000),
  category: TemplateCategorySchema,
  ndisRequired: z.boolean(),
  ndisLineItems: z.array(z.string()),
  version: z.string().min(1).max(20),
  fields: z.array(FormFieldSchema),
  requiredDocuments: z.array(RequiredDocumentSchema),
  requiredRoles: z.array(TemplateRoleSchema),
  /** Days from creation to the due date of a new card (1-21 for the built-in templates). */
  estimatedDuration: z.number().int().min(0).max(365),
  complianceRules: z.object({
    mandatoryValidation: z.boolean(),
    signatureRequired: z.boolean(),
    witnessRequired: z.boolean(),
    /** Days between reviews; 0 means no review cycle. */
    reviewCycle: z.number().int().min(0),
  }),
  pdfTemplate: z.object({
    layout: z.enum(['portrait', 'landscape']),
    sections: z.array(PdfSectionSchema),
    headerFooter: z.boolean(),
  }),
  aiCompatible: z.object({
    autoFillFields: z.array(z.string()),
    suggestionsEnabled: z.boolean(),
    validationPrompts: z.boolean(),
  }),
  isActive: z.boolean(),
  isBuiltIn: z.boolean(),
  /** Published to every tenant by a system admin (/templates-rules), rather than the tenant's own. */
  isPublished: z.boolean().optional(),
  /**
   * Custom and published templates: which saved version this is (1, 2, …; `version` shows it as
   * "2.0"). Absent for the built-in templates, which have one version.
   */
  versionNumber: z.number().int().min(1).optional(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FormTemplate = z.infer<typeof FormTemplateSchema>;

/** `POST /api/templates`: a tenant's custom template. The server fills ids, dates and flags. */
export const CreateTemplateSchema = z
  .object({
    name: z.string().trim().min(1, 'Template name is required').max(120),
    description: z.string().max(1000).default(''),
    category: TemplateCategorySchema,
    ndisRequired: z.boolean().default(false),
    estimatedDuration: z.number().int().min(1).max(365).default(7),
    reviewCycle: z.number().int().min(0).max(3650).default(0),
    signatureRequired: z.boolean().default(false),
    witnessRequired: z.boolean().default(false),
    fields: z.array(FormFieldSchema).min(1, 'A template needs at least one field').max(200),
  })
  .refine((t) => new Set(t.fields.map((f) => f.id)).size === t.fields.length, {
    message: 'Field ids must be unique',
    path: ['fields'],
  });
export type CreateTemplateInput = z.infer<typeof CreateTemplateSchema>;

/**
 * `PUT /api/templates/{id}` (a tenant's custom template) and `POST /api/published-templates/{id}/versions`
 * (a published one): the whole template again, saved as a new version. `fromVersion` is the version
 * the edit started from; if another version was saved since, 409 and nothing is written.
 */
export const TemplateVersionInputSchema = CreateTemplateSchema.and(
  z.object({ fromVersion: z.number().int().min(1) }),
);
export type TemplateVersionInput = z.infer<typeof TemplateVersionInputSchema>;

/** `GET /api/templates/{id}?version=2`: one saved version of a versioned template. */
export const TemplateVersionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** The display form of a saved version's number: 2 → "2.0" (the spec's footer shows "1.0"). */
export function templateVersionLabel(versionNumber: number): string {
  return `${versionNumber}.0`;
}

/** The name of a copy: "Copy of {name}", cut to the 120 characters a name may have. */
export function copyTemplateName(name: string): string {
  return `Copy of ${name}`.slice(0, 120).trimEnd();
}

/** The signed-in person the server records on a signature: their user id, name and role on the team. */
export const SignatureRecorderSchema = z.object({
  userId: z.string().min(1).max(80),
  name: z.string().min(1).max(200),
  /** The role they signed in: their team role (Practitioner, Team Lead…) or organisation role (Owner, Admin). */
  role: z.string().min(1).max(80),
});
export type SignatureRecorder = z.infer<typeof SignatureRecorderSchema>;

/**
 * A signature field's value: drawn (a PNG data URL) or typed. The client sends the mark and, for a
 * signature it captures from someone else, that person's name; the server fills in the rest from
 * the session and never takes the client's word for it (decision 0021): `recordedBy` (the signed-in
 * person: the signer of their own signature, the capturer of a participant's, guardian's or
 * witness's), `signerName` (the signed-in person's own name for their own signature), `signedAt`
 * (the server's clock) and `valuesHash` (the SHA-256 of the form's other values as signed, which
 * says later whether the form still matches what was signed).
 */
export const SignatureValueSchema = z.object({
  kind: z.enum(['drawn', 'typed']),
  /** `data:image/png;base64,…` of the drawn signature; absent for a typed one. At most ~200 KB. */
  image: z
    .string()
    .max(280_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'A drawn signature must be a PNG image')
    .optional(),
  /** The typed signature text (the signer's name); absent for a drawn one. */
  typed: z.string().trim().min(1).max(100).optional(),
  /** Whose signature it is: the signed-in person's own name, or the participant, guardian or witness named. */
  signerName: z.string().trim().min(1, 'Signer name is required').max(100),
  /** Set by the server when it records the signature; a time sent by a client is replaced. */
  signedAt: z.iso.datetime({ offset: true }).optional(),
  /** Set by the server: who was signed in when the signature was recorded. */
  recordedBy: SignatureRecorderSchema.optional(),
  /** Set by the server: `sha256:<hex>` of the canonical JSON of the values signed (signatures.ts). */
  valuesHash: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .optional(),
});
export type SignatureValue = z.infer<typeof SignatureValueSchema>;

/**
 * A value in a card's `fieldValues`: text (rich text fields hold sanitised HTML), a yyyy-mm-dd date
 * (as text), a checkbox, a multi-select list, or a signature. `null` clears the field.
 */
export const FieldValueSchema = z.union([
  z.string().max(20_000),
  z.boolean(),
  z.array(z.string().max(120)).max(50),
  SignatureValueSchema,
  z.null(),
]);
export type FieldValue = z.infer<typeof FieldValueSchema>;
export type FieldValues = Record<string, FieldValue>;

/** The fixed form sections of the template-form editor, in display order (spec work section 2). */
export const formSectionIds = [
  'participant-info',
  'practitioner-info',
  'consultation',
  'assessment',
  'strategies',
  'monitoring',
  'signatures',
] as const;
export type FormSectionId = (typeof formSectionIds)[number];
