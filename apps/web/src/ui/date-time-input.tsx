import { useState } from 'react';
import { cn } from '@/lib/cn';
import { DateInput } from '@/ui/date-input';
import { TimeInput } from '@/ui/time-input';

export interface DateTimeInputProps {
  /** The date box's id (the field's label points at it); the time box is `${id}-time`. */
  id: string;
  /** yyyy-mm-ddTHH:mm (as a datetime-local input gives), or ''. */
  value: string | null | undefined;
  /** yyyy-mm-ddTHH:mm when both parts are given, '' when both are empty, else the parts as typed. */
  onChange: (value: string) => void;
  /** The time box's accessible name, e.g. "Time notified". */
  timeLabel: string;
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | undefined;
}

function split(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/**
 * A date and a time side by side in place of `datetime-local` (decision 0028): dd/mm/yyyy and 24-hour
 * HH:mm whatever the browser's language; the form keeps yyyy-mm-ddTHH:mm.
 */
export function DateTimeInput({
  id,
  value,
  onChange,
  timeLabel,
  min,
  max,
  disabled,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: DateTimeInputProps) {
  const current = value ?? '';
  const [parts, setParts] = useState(() => split(current));
  const [seen, setSeen] = useState(current);
  const joined = (p: { date: string; time: string }) => (p.date || p.time ? `${p.date}T${p.time}` : '');
  if (current !== seen) {
    setSeen(current);
    if (joined(parts) !== current) setParts(split(current));
  }
  const change = (next: { date: string; time: string }) => {
    setParts(next);
    onChange(joined(next));
  };
  return (
    // The date box keeps room for dd/mm/yyyy beside its calendar button in a half-width column (the
    // incident panel's): with no minimum it was cut to '30/11/202'.
    <div className={cn('grid grid-cols-[minmax(8.75rem,1fr)_minmax(4.5rem,6rem)] gap-2', className)}>
      <DateInput
        id={id}
        value={parts.date}
        min={min?.slice(0, 10)}
        max={max?.slice(0, 10)}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(date) => change({ ...parts, date })}
      />
      <TimeInput
        id={`${id}-time`}
        aria-label={timeLabel}
        value={parts.time}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(time) => change({ ...parts, time })}
      />
    </div>
  );
}
