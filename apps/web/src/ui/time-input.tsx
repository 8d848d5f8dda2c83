import { type ComponentProps, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { fieldValueOf, parseTimeText, timeFormatMessage } from '@/ui/date-text';
import { Input } from '@/ui/input';

export interface TimeInputProps
  extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** HH:mm (24-hour), or ''. */
  value: string | null | undefined;
  /** HH:mm for a time, '' for none, or the typed text when it is not a time (so it is refused, not lost). */
  onChange: (value: string) => void;
  /** Classes of the box around the text box and its message (its width). */
  className?: string;
}

/**
 * The app's one time field (decision 0028): a text box showing 24-hour HH:mm whatever the browser's
 * language, reading 9:30, 0930, 930, 9.30 and 9:30 pm. Text that is not a time stays in the box with
 * a message under it.
 */
export function TimeInput({
  value,
  onChange,
  className,
  onBlur,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...inputProps
}: TimeInputProps) {
  const current = value ?? '';
  const [text, setText] = useState(current);
  const [seen, setSeen] = useState(current);
  const [touched, setTouched] = useState(false);
  const messageId = `${useId()}-time-message`;

  const parsed = parseTimeText(text);
  if (current !== seen) {
    setSeen(current);
    if (fieldValueOf(parsed, text) !== current) setText(current);
  }
  // The form's own message, when it has one for this field, is shown instead of the box's.
  const formInvalid = ariaInvalid === true || ariaInvalid === 'true';
  const showProblem = touched && parsed.kind === 'invalid' && !formInvalid;

  return (
    <div className={cn('flex w-full min-w-0 flex-col gap-1.5', className)}>
      <Input
        {...inputProps}
        type="text"
        autoComplete="off"
        placeholder="hh:mm"
        value={text}
        aria-invalid={showProblem || formInvalid ? true : undefined}
        aria-describedby={
          [showProblem ? messageId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(event) => {
          setText(event.target.value);
          onChange(fieldValueOf(parseTimeText(event.target.value), event.target.value));
        }}
        onBlur={(event) => {
          setTouched(true);
          if (parsed.kind === 'valid') setText(parsed.value);
          onBlur?.(event);
        }}
      />
      {showProblem ? (
        <p id={messageId} className="text-destructive text-sm">
          {timeFormatMessage}
        </p>
      ) : null}
    </div>
  );
}
