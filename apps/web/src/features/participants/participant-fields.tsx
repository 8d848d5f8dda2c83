import { PlusIcon, XIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';

/** The pieces the participant form is built from: labelled inputs with their messages, and the cards. */

export const textareaClass =
  'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm';

/** One of the form's cards (Basic Information, Support Goals, …), titled as the spec names it. */
export function FormCard({
  title,
  description,
  icon,
  children,
  className,
  testId,
  actions,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Buttons beside the title (below it on a narrow card). */
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      className={cn('gap-4 py-5', className)}
      aria-labelledby={headingId}
      role="region"
      data-testid={testId}
    >
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId} className="flex items-center gap-2 text-base">
            {icon}
            {title}
          </CardTitle>
          {actions}
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="px-5">{children}</CardContent>
    </Card>
  );
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm" data-testid="field-error">
      {message}
    </p>
  );
}

/**
 * A labelled field: the label, the control (given the ids it must use), an optional hint and the
 * field's message. Required fields say so in words as well as with the asterisk.
 */
export function Field({
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: {
    id: string;
    describedBy: string | undefined;
    invalid: true | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
            <span className="sr-only">(required)</span>
          </>
        ) : null}
      </Label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

export function TextArea(props: ComponentProps<'textarea'>) {
  return <textarea rows={3} {...props} className={cn(textareaClass, props.className)} />;
}

/**
 * Support Goals and Important Alerts (spec work section 2): type one and add it with Enter or the
 * button, remove each with its own button. Entries are trimmed and empty ones never added.
 */
export function TextListEditor({
  value,
  onChange,
  label,
  itemNoun,
  placeholder,
  maxLength = 500,
  error,
  tone = 'default',
}: {
  value: string[];
  onChange: (next: string[]) => void;
  /** The input's label ('New goal'). */
  label: string;
  /** What one entry is called, for the buttons' names ('goal'). */
  itemNoun: string;
  placeholder: string;
  maxLength?: number;
  error?: string;
  tone?: 'default' | 'alert';
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const add = () => {
    const entry = draft.trim();
    if (!entry) return;
    onChange([...value, entry]);
    setDraft('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the entry here rather than sending the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      {value.length > 0 ? (
        <ul
          className="flex flex-col gap-2"
          aria-label={`${itemNoun.charAt(0).toUpperCase()}${itemNoun.slice(1)}s`}
        >
          {value.map((entry, index) => (
            <li
              // Entries may repeat; their place in the list is what identifies them here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              className={cn(
                'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
                tone === 'alert' ? 'border-amber-200 bg-amber-50 text-amber-950' : 'bg-muted/40',
              )}
              data-testid={`${itemNoun}-entry`}
            >
              <span className="min-w-0 flex-1 break-words">{entry}</span>
              <button
                type="button"
                className="-m-1 shrink-0 rounded-sm p-1 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${itemNoun}: ${entry}`}
                onClick={() => remove(index)}
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId} className="sr-only">
          {label}
        </Label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id={inputId}
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button variant="outline" onClick={add} disabled={!draft.trim()} aria-label={`Add ${itemNoun}`}>
            <PlusIcon aria-hidden="true" />
            <span className="max-sm:sr-only">Add</span>
          </Button>
        </div>
        <FieldMessage id={errorId} message={error} />
      </div>
    </div>
  );
}
