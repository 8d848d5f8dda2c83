import { type ComponentProps, createContext, useContext, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { keepEnterFromSubmitting } from './checkbox';

type Group = {
  name: string;
  value: string | undefined;
  disabled: boolean;
  choose: (value: string) => void;
};

const GroupContext = createContext<Group | null>(null);

type RadioGroupProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  name?: string;
  disabled?: boolean;
  required?: boolean;
};

/**
 * A group of radio buttons; label the group with aria-labelledby. The buttons are the browser's own
 * inputs sharing one name, so the arrow keys move between them and choose, as the ARIA radio group
 * pattern asks, with no script for it (issue 19: the page's JavaScript).
 */
export function RadioGroup({
  className,
  value,
  defaultValue,
  onValueChange,
  name,
  disabled = false,
  required = false,
  ...props
}: RadioGroupProps) {
  const generatedName = useId();
  const [chosen, setChosen] = useState(defaultValue);
  const group: Group = {
    name: name ?? generatedName,
    value: value ?? chosen,
    disabled,
    choose: (next) => {
      setChosen(next);
      onValueChange?.(next);
    },
  };
  return (
    <GroupContext.Provider value={group}>
      <div
        role="radiogroup"
        data-slot="radio-group"
        aria-required={required || props['aria-required']}
        aria-disabled={disabled || undefined}
        className={cn('grid gap-3', className)}
        {...props}
      />
    </GroupContext.Provider>
  );
}

type RadioGroupItemProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'name' | 'checked'> & {
  value: string;
};

export function RadioGroupItem({ className, value, disabled, ...props }: RadioGroupItemProps) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('RadioGroupItem must be inside a RadioGroup.');
  const checked = group.value === value;
  return (
    <input
      type="radio"
      data-slot="radio-group-item"
      data-state={checked ? 'checked' : 'unchecked'}
      name={group.name}
      value={value}
      checked={checked}
      disabled={group.disabled || disabled}
      onChange={() => group.choose(value)}
      onKeyDown={keepEnterFromSubmitting}
      className={cn(
        'radio-dot aspect-square size-4 shrink-0 cursor-pointer appearance-none rounded-full border border-input bg-background text-primary shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 checked:border-primary',
        className,
      )}
      {...props}
    />
  );
}
