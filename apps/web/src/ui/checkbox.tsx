import { type ComponentProps, type KeyboardEvent, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'defaultChecked'> & {
  /** 'indeterminate' shows a dash: some of a list chosen. */
  checked?: boolean | 'indeterminate';
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * Enter on a native checkbox or radio button in a form would submit the form; Enter does nothing on
 * them, as it did on the script-driven controls these replaced (Space is what ticks and chooses).
 */
export function keepEnterFromSubmitting(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * A checkbox: the browser's own input, drawn to the app's style (the mark is `.check-mark` in
 * styles.css). A native input rather than a script-driven button keeps the page's JavaScript small
 * (issue 19) and gives keyboard, form and label behaviour for free. `data-state` says checked,
 * unchecked or indeterminate for styles that follow it.
 */
export function Checkbox({ className, checked, onCheckedChange, onChange, ref, ...props }: CheckboxProps) {
  const own = useRef<HTMLInputElement | null>(null);
  const indeterminate = checked === 'indeterminate';
  useEffect(() => {
    if (own.current) own.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const state = indeterminate ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      data-state={checked === undefined ? undefined : state}
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      checked={checked === undefined ? undefined : checked === true}
      onChange={(event) => {
        onChange?.(event);
        onCheckedChange?.(event.target.checked);
      }}
      onKeyDown={keepEnterFromSubmitting}
      className={cn(
        'check-mark peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-background bg-center bg-no-repeat shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary',
        className,
      )}
      {...props}
    />
  );
}
