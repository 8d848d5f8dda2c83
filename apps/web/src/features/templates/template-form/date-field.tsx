import { CalendarIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { formatLongDate } from '@/ui/date-text';
import { LazyCalendar, preloadCalendar } from '@/ui/lazy-calendar';
import { LazyPopover, LazyPopoverContent, LazyPopoverTrigger } from '@/ui/lazy-popover';
import { parseDateOnly, toDateOnly } from './form-helpers';

export interface DateFieldProps {
  id: string;
  /** yyyy-mm-dd or '' */
  value: string;
  onChange: (value: string | null) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Shown by the label's asterisk: aria-required is not allowed on a button. */
  required?: boolean;
  readOnly?: boolean;
}

const firstMonth = new Date(1900, 0, 1);

/** A date field: a button showing the date (or 'Pick a date') that opens a calendar popover. */
export function DateField({ id, value, onChange, labelId, describedBy, invalid, readOnly }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const selected = parseDateOnly(value);
  const lastMonth = new Date(new Date().getFullYear() + 10, 11, 31);
  return (
    <LazyPopover open={open} onOpenChange={setOpen}>
      <LazyPopoverTrigger>
        <Button
          id={id}
          variant="outline"
          aria-labelledby={`${labelId} ${id}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={readOnly}
          onPointerEnter={preloadCalendar}
          className={cn(
            'w-full justify-start font-normal sm:w-64',
            !selected && 'text-muted-foreground',
            invalid && 'border-destructive',
          )}
        >
          <CalendarIcon aria-hidden="true" />
          {selected ? formatLongDate(selected) : 'Pick a date'}
        </Button>
      </LazyPopoverTrigger>
      <LazyPopoverContent className="w-auto p-0" align="start">
        <LazyCalendar
          mode="single"
          captionLayout="dropdown"
          startMonth={firstMonth}
          endMonth={lastMonth}
          defaultMonth={selected}
          selected={selected}
          autoFocus
          onSelect={(date) => {
            onChange(date ? toDateOnly(date) : null);
            setOpen(false);
          }}
        />
        {selected ? (
          <div className="border-t p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              Clear date
            </Button>
          </div>
        ) : null}
      </LazyPopoverContent>
    </LazyPopover>
  );
}
