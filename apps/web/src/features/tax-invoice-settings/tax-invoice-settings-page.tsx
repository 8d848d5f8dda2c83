import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import {
  type TaxInvoiceSettings,
  TaxInvoiceSettingsSchema,
} from '@wattle/domain/invoices/tax-invoice-settings';
import { formatInvoiceNumber } from '@wattle/domain/invoices/workflow';
import { AlertCircleIcon, Loader2Icon, ReceiptTextIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, FormProvider, get, type Path, useForm, useFormContext, useWatch } from 'react-hook-form';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { useCurrentTenant } from '@/features/tenants/api';
import { ApiError, validationIssues } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { taxInvoiceSettingsKeys, taxInvoiceSettingsQueryOptions, useSaveTaxInvoiceSettings } from './api';
import {
  type TaxInvoiceFormOutput,
  TaxInvoiceFormSchema,
  type TaxInvoiceFormValues,
  toTaxInvoiceForm,
  toTaxInvoiceUpdate,
} from './tax-invoice-form';

/**
 * /settings/tax-invoice (issue 17 `settings/tax-invoice`, issue 15 part 5): who the organisation is
 * on its invoices and NDIA claims, its bank account, the GST rate, payment terms and numbering, and
 * who approves invoices. Owners and admins change them; auditors read them; others are told who can.
 */
/**
 * The logo printed at the top of every invoice: the organisation's own, kept in Tenant Settings (one
 * logo for the app and its invoices), shown here with the way to change it.
 */
function InvoiceLogo() {
  const { tenant } = useCurrentTenant();
  return (
    <div className="flex flex-col gap-2 sm:col-span-2" data-testid="invoice-logo">
      <span className="font-medium text-sm">Logo for invoices</span>
      <div className="flex flex-wrap items-center gap-3">
        {tenant.logo ? (
          <img
            src={tenant.logo}
            alt={`${tenant.name} logo`}
            className="h-12 max-w-40 rounded border bg-white object-contain p-1"
          />
        ) : (
          <span className="text-muted-foreground text-sm">No logo: invoices start with the legal name.</span>
        )}
        <Link to="/settings/tenant" className="font-medium text-sm underline underline-offset-4">
          {tenant.logo ? 'Change it in Tenant Settings' : 'Add one in Tenant Settings'}
        </Link>
      </div>
    </div>
  );
}

export function TaxInvoiceSettingsPage() {
  useDocumentTitle('Tax Invoice Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const role = tenantWideRole(me.platformRole, tenant.role);
  const canWrite = can(role, 'manage:tenant');
  const canRead = canWrite || can(role, 'read:invoices');
  const settings = useQuery({ ...taxInvoiceSettingsQueryOptions(tenant.id), enabled: canRead });

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <ReceiptTextIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Tax Invoice Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Who your organisation is on its invoices and NDIA claims, where it is paid, and how invoices are
          numbered and approved.
        </p>
      </div>
      {!canRead ? (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Only owners, admins and auditors see these settings</AlertTitle>
          <AlertDescription>
            Ask an admin of your organisation if something on its invoices is wrong.
          </AlertDescription>
        </Alert>
      ) : settings.isPending ? (
        <LoadingStatus>Loading the tax invoice settings...</LoadingStatus>
      ) : settings.isError ? (
        <LoadError
          title="Could not load the tax invoice settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <TaxInvoiceSettingsForm tenantId={tenant.id} settings={settings.data} isReadOnly={!canWrite} />
      )}
    </div>
  );
}

/** Form field names the server's field paths map to (the form holds the rate as a percentage). */
const serverFieldToFormField: Record<string, Path<TaxInvoiceFormValues>> = {
  gstRate: 'gstPercent',
  teamLeadApprovalLimitCents: 'approvalLimit',
};

function TaxInvoiceSettingsForm({
  tenantId,
  settings,
  isReadOnly,
}: {
  tenantId: string;
  settings: TaxInvoiceSettings;
  isReadOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const save = useSaveTaxInvoiceSettings(tenantId);
  const [isConflict, setIsConflict] = useState(false);
  const form = useForm<TaxInvoiceFormValues, unknown, TaxInvoiceFormOutput>({
    resolver: zodResolver(TaxInvoiceFormSchema),
    defaultValues: toTaxInvoiceForm(settings),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, dirtyFields },
  } = form;
  // The version the edit started from: someone else's save meanwhile is a 409, not overwritten.
  const [baseVersion, setBaseVersion] = useState(settings.version);

  // Newer settings from elsewhere (another tab, another admin) show unless the person is editing.
  useEffect(() => {
    if (isDirty) return;
    reset(toTaxInvoiceForm(settings));
    setBaseVersion(settings.version);
  }, [settings, isDirty, reset]);

  const onSubmit = handleSubmit((values) => {
    setIsConflict(false);
    save.mutate(toTaxInvoiceUpdate(values, baseVersion, Boolean(dirtyFields.nextInvoiceNumber)), {
      onSuccess: (saved) => {
        reset(toTaxInvoiceForm(saved));
        setBaseVersion(saved.version);
        toast.success('Tax invoice settings saved', {
          description: 'New invoices and their PDFs use these details.',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CONFLICT') {
          const current = TaxInvoiceSettingsSchema.safeParse(error.details);
          if (current.success) {
            queryClient.setQueryData(taxInvoiceSettingsKeys.all(tenantId), current.data);
            reset(toTaxInvoiceForm(current.data));
            setBaseVersion(current.data.version);
          } else {
            void queryClient.invalidateQueries({ queryKey: taxInvoiceSettingsKeys.all(tenantId) });
          }
          setIsConflict(true);
          return;
        }
        // The server's word on a field (a number already given, say) shows on that field.
        const issues = validationIssues(error);
        for (const issue of issues) {
          const [first, ...rest] = issue.path.map(String);
          if (!first) continue;
          const name =
            serverFieldToFormField[first] ?? ([first, ...rest].join('.') as Path<TaxInvoiceFormValues>);
          setError(name, { type: 'server', message: issue.message }, { shouldFocus: true });
        }
        toast.error('The tax invoice settings were not saved', {
          description: issues.length ? 'Check the fields marked below.' : error.message,
        });
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Tax invoice settings">
        {isConflict ? (
          <ConflictAlert title="Someone else saved these settings first">
            They have been reloaded with what was saved: make your changes again.
          </ConflictAlert>
        ) : null}
        {isReadOnly ? (
          <p className="text-muted-foreground text-sm" data-testid="read-only-note">
            You can read these settings. Your organisation's owners and admins can change them.
          </p>
        ) : null}
        <fieldset disabled={isReadOnly} className="flex min-w-0 flex-col gap-4">
          <SectionCard
            title="Provider"
            description="Printed at the top of every invoice. The ABN and NDIS registration number also go on NDIA claims."
            contentClassName="grid gap-4 sm:grid-cols-2"
          >
            <TextField
              name="legalName"
              label="Legal name"
              isRequired
              autoComplete="organization"
              className="sm:col-span-2"
            />
            <TextField
              name="abn"
              label="ABN"
              isRequired
              inputMode="numeric"
              hint="11 digits, e.g. 51 824 753 556"
            />
            <TextField
              name="ndisRegistrationNumber"
              label="NDIS registration number"
              inputMode="numeric"
              hint="Your provider registration number, 9 to 12 digits"
            />
            <TextField
              name="address"
              label="Address"
              multiline
              className="sm:col-span-2"
              autoComplete="street-address"
            />
            <TextField
              name="email"
              label="Accounts e-mail"
              type="email"
              autoComplete="email"
              hint="Payers reply to this address"
            />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <InvoiceLogo />
          </SectionCard>
          <SectionCard
            title="Bank account"
            description="Where payers pay: printed on every invoice with the invoice number as the reference. Leave all three empty for none."
            contentClassName="grid gap-4 sm:grid-cols-3"
          >
            <TextField name="bank.accountName" label="Account name" className="sm:col-span-3" />
            <TextField name="bank.bsb" label="BSB" inputMode="numeric" hint="6 digits, e.g. 062-000" />
            <TextField
              name="bank.accountNumber"
              label="Account number"
              inputMode="numeric"
              className="sm:col-span-2"
            />
          </SectionCard>
          <InvoicesSection />
          <ApprovalsSection />
        </fieldset>
        {isReadOnly ? null : (
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!isDirty || save.isPending}
              onClick={() => reset(toTaxInvoiceForm(settings))}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}

function InvoicesSection() {
  const { control } = useFormContext<TaxInvoiceFormValues>();
  const [prefix, next] = useWatch({ control, name: ['invoicePrefix', 'nextInvoiceNumber'] });
  const nextNumber = Number(next);
  const example =
    prefix.trim() && Number.isInteger(nextNumber) && nextNumber > 0
      ? formatInvoiceNumber(prefix.trim(), nextNumber)
      : null;
  return (
    <SectionCard
      title="Invoices"
      description="GST applies only to taxable (P1) lines; NDIS supports are GST-free by default."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <TextField name="gstPercent" label="GST rate" inputMode="decimal" suffix="%" hint="e.g. 10 for 10%" />
      <TextField
        name="paymentTerms"
        label="Payment terms"
        inputMode="numeric"
        suffix="days"
        hint="Days from the issue date to the due date"
      />
      <TextField name="invoicePrefix" label="Invoice number prefix" hint="Letters, digits and dashes" />
      <TextField
        name="nextInvoiceNumber"
        label="Next invoice number"
        inputMode="numeric"
        hint={`${example ? `The next invoice will be ${example}. ` : ''}It can only go up: numbers already given are never reused.`}
      />
    </SectionCard>
  );
}

function ApprovalsSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<TaxInvoiceFormValues>();
  const rule = useWatch({ control, name: 'approvalRule' });
  const base = useId();
  const limitError = errors.approvalLimit?.message;
  return (
    <SectionCard
      title="Approvals"
      description="Who approves an invoice before it is sent or claimed. Admins approve any invoice."
      contentClassName="flex flex-col gap-3"
    >
      <p id={`${base}-label`} className="font-medium text-sm">
        Who may approve invoices
      </p>
      <Controller
        control={control}
        name="approvalRule"
        render={({ field }) => (
          <RadioGroup
            aria-labelledby={`${base}-label`}
            value={field.value}
            onValueChange={field.onChange}
            ref={field.ref}
            className="gap-3"
          >
            <div className="flex items-center gap-2">
              <RadioGroupItem id={`${base}-admins`} value="admins" />
              <Label htmlFor={`${base}-admins`} className="font-normal">
                Only admins
              </Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem id={`${base}-leads`} value="team-leads" />
              <Label htmlFor={`${base}-leads`} className="font-normal">
                Team leads too, for their teams' participants, up to an amount
              </Label>
            </div>
          </RadioGroup>
        )}
      />
      {rule === 'team-leads' ? (
        <FormField
          id={`${base}-limit`}
          label="Team leads may approve up to"
          error={limitError}
          hint="An invoice above this total goes to an admin."
          className="sm:max-w-xs"
        >
          <div className="flex items-center gap-2">
            <span className="text-muted-foreground text-sm" aria-hidden="true">
              $
            </span>
            <Input
              id={`${base}-limit`}
              inputMode="decimal"
              autoComplete="off"
              {...fieldAria(`${base}-limit`, { error: limitError, hint: true })}
              {...register('approvalLimit')}
            />
          </div>
        </FormField>
      ) : null}
    </SectionCard>
  );
}

/** One text field of the form, registered by name, with its hint and the message of its error. */
function TextField({
  name,
  label,
  hint,
  isRequired = false,
  multiline = false,
  suffix,
  className,
  ...inputProps
}: {
  name: Path<TaxInvoiceFormValues>;
  label: string;
  hint?: string;
  isRequired?: boolean;
  multiline?: boolean;
  suffix?: ReactNode;
  className?: string;
} & Pick<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'>) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TaxInvoiceFormValues>();
  const id = `tax-invoice-${name.replace('.', '-')}`;
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const aria = fieldAria(id, { error, hint: Boolean(hint), isRequired });
  const control = multiline ? (
    <textarea id={id} rows={3} className={textareaClass} {...aria} {...register(name)} />
  ) : (
    <Input id={id} {...inputProps} {...aria} {...register(name)} />
  );
  return (
    <FormField id={id} label={label} isRequired={isRequired} hint={hint} error={error} className={className}>
      {suffix ? (
        <div className="flex items-center gap-2">
          {control}
          <span className="text-muted-foreground text-sm">{suffix}</span>
        </div>
      ) : (
        control
      )}
    </FormField>
  );
}
