import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from '@/ui/label';

/**
 * One labelled field of the care team wizard, the team and staff forms and onboarding: the label,
 * the control, an optional hint and the field's message. The control gets `fieldAria(id, …)` so the
 * hint and the message are read with it.
 */
export function FormField({
  id,
  label,
  isRequired = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  isRequired?: boolean;
  hint?: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {isRequired ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The accessibility attributes of a FormField's control. */
export function fieldAria(
  id: string,
  options: { error?: string | undefined; hint?: boolean; isRequired?: boolean },
): { 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true } {
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    ...(options.error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(options.isRequired ? { 'aria-required': true as const } : {}),
  };
}

/** A multi-line text box styled as the Input primitive. */
export const textareaClass =
  'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm';
