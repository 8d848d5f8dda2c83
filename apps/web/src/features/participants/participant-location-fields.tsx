import { useQuery } from '@tanstack/react-query';
import {
  australianStateNames,
  monashModelLabels,
  monashModels,
  participantLocationHint,
  sameAsOrganisationLabel,
} from '@wattle/domain/participants/location';
import { type AustralianState, australianStates } from '@wattle/domain/time/catalogue';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { currentTenantQueryOptions } from '@/features/time/api';
import { cn } from '@/lib/cn';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { FormField } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';

/**
 * The organisation's state, which prices a participant left at "Same as organisation": its
 * address's state, else its time zone's (domain time/tenant-state.ts). Read from
 * GET /api/tenants/current through the time area's query (the calendars' key too), so it is usually cached;
 * null until it is read, when the choice simply says 'Same as organisation'.
 */
export function useOrganisationState(): AustralianState | null {
  const tenantId = useCurrentTenantId();
  const tenant = useQuery({ ...currentTenantQueryOptions(tenantId ?? ''), enabled: tenantId !== null });
  if (!tenant.data) return null;
  return tenantState({ addressState: tenant.data.profile.address?.state, timeZone: tenant.data.timeZone });
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * 'State or Territory' and 'Remoteness (MMM)' of a participant, with the one hint both share: the
 * participant form (create, edit and Quick Add) and step 1 of the care-team wizard.
 */
export function ParticipantLocationFields({
  stateField,
  monashModelField,
  stateError,
  monashModelError,
  className,
}: {
  stateField: UseFormRegisterReturn;
  monashModelField: UseFormRegisterReturn;
  stateError?: string;
  monashModelError?: string;
  className?: string;
}) {
  const base = useId();
  const stateId = `${base}-state`;
  const monashModelId = `${base}-mmm`;
  const hintId = `${base}-location-hint`;
  const organisationState = useOrganisationState();
  return (
    <div className={cn('grid min-w-0 gap-4 sm:grid-cols-2', className)} data-testid="participant-location">
      <FormField id={stateId} label="State or Territory" error={stateError}>
        <NativeSelect
          id={stateId}
          wrapperClassName="w-full"
          aria-invalid={stateError ? true : undefined}
          aria-describedby={describedBy(hintId, stateError && `${stateId}-error`)}
          {...stateField}
        >
          <option value="">{sameAsOrganisationLabel(organisationState)}</option>
          {australianStates.map((state) => (
            <option key={state} value={state}>
              {australianStateNames[state]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={monashModelId} label="Remoteness (MMM)" error={monashModelError}>
        <NativeSelect
          id={monashModelId}
          wrapperClassName="w-full"
          aria-invalid={monashModelError ? true : undefined}
          aria-describedby={describedBy(hintId, monashModelError && `${monashModelId}-error`)}
          {...monashModelField}
        >
          {monashModels.map((level) => (
            <option key={level} value={String(level)}>
              {monashModelLabels[level]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <p id={hintId} className="text-muted-foreground text-xs sm:col-span-2">
        {participantLocationHint}
      </p>
    </div>
  );
}
