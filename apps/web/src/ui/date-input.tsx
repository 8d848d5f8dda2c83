import { CalendarIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import {
  dateFormatMessage,
  dateToIso,
  fieldValueOf,
  isoToDate,
  isoToDateText,
  parseDateText,
} from '@/ui/date-text';
import { Input } from '@/ui/input';
import { LazyCalendar, preloadCalendar } from '@/ui/lazy-calendar';
import {
  LazyPopover,
  LazyPopoverAnchor,
  LazyPopoverContent,
  LazyPopoverTrigger,
  preloadPopover,
} from '@/ui/lazy-popover';

export interface DateInputProps
  extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> {
  /** yyyy-mm-dd, or '' (null and undefined are read as ''). */
  value: string | null | undefined;
  /** yyyy-mm-dd for a date, '' for none, or the typed text when it is not a date (so it is refused, not lost). */
  onChange: (value: string) => void;
  /** Earliest and latest days allowed, yyyy-mm-dd. */
  min?: string | undefined;
  max?: string | undefined;
  /** Called after a day is chosen in the calendar (fields saved on leaving the box save then). */
  onPick?: (value: string) => void;
  /** Classes of the box around the text box and its calendar button (its width). */
  className?: string;
}

const firstMonth = new Date(1900, 0, 1);

/**
 * The app's one date field (decision 0028): a text box showing and reading dd/mm/yyyy (tolerant of
 * 1/2/2026, 01-02-2026 and 1 Feb 2026) with a calendar button (Alt+Down from the box) opening a
 * month calendar. Forms get yyyy-mm-dd in and out. Text that is not a date stays in the box with
 * "Enter a date as dd/mm/yyyy" under it.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  onPick,
  className,
  disabled,
  readOnly,
  onBlur,
  onKeyDown,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ref,
  ...inputProps
}: DateInputProps) {
  const current = value ?? '';
  const [text, setText] = useState(() => isoToDateText(current));
  const [seen, setSeen] = useState(current);
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const messageId = `${useId()}-date-message`;

  const parsed = parseDateText(text);
  // A value set from outside (a reset, a server update) replaces the text; our own echo does not.
  if (current !== seen) {
    setSeen(current);
    if (fieldValueOf(parsed, text) !== current) setText(isoToDateText(current));
  }

  const problem = dateProblem(parsed, min, max);
  // The form's own message, when it has one for this field, is shown instead of the box's.
  const formInvalid = ariaInvalid === true || ariaInvalid === 'true';
  const showProblem = touched && problem !== undefined && !formInvalid;
  const selected = parsed.kind === 'valid' ? isoToDate(parsed.value) : undefined;
  const minDate = min ? isoToDate(min) : undefined;
  const maxDate = max ? isoToDate(max) : undefined;
  const disabledDays: Matcher[] = [
    ...(minDate ? [{ before: minDate }] : []),
    ...(maxDate ? [{ after: maxDate }] : []),
  ];

  const change = (next: string) => {
    setText(next);
    onChange(fieldValueOf(parseDateText(next), next));
  };

  return (
    <div className={cn('flex w-full min-w-0 flex-col gap-1.5', className)}>
      <LazyPopover open={open} onOpenChange={setOpen}>
        <LazyPopoverAnchor>
          <div className="relative w-full min-w-0">
            <Input
              {...inputProps}
              ref={(node) => {
                inputRef.current = node;
                if (typeof ref === 'function') ref(node);
                else if (ref) ref.current = node;
              }}
              type="text"
              autoComplete="off"
              placeholder="dd/mm/yyyy"
              className="pr-10"
              value={text}
              disabled={disabled}
              readOnly={readOnly}
              aria-invalid={showProblem || formInvalid ? true : undefined}
              aria-describedby={
                [showProblem ? messageId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
              }
              onChange={(event) => change(event.target.value)}
              onBlur={(event) => {
                setTouched(true);
                const now = parseDateText(text);
                if (now.kind === 'valid') setText(isoToDateText(now.value));
                onBlur?.(event);
              }}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                if (event.altKey && event.key === 'ArrowDown' && !disabled && !readOnly) {
                  event.preventDefault();
                  preloadCalendar();
                  preloadPopover();
                  setOpen(true);
                }
                onKeyDown?.(event);
              }}
            />
            <LazyPopoverTrigger>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Open calendar"
                title="Open calendar (Alt+Down)"
                disabled={disabled || readOnly}
                className="absolute inset-y-0 right-0 h-9 w-9 rounded-l-none text-muted-foreground"
                onPointerEnter={preloadCalendar}
              >
                <CalendarIcon aria-hidden="true" />
              </Button>
            </LazyPopoverTrigger>
          </div>
        </LazyPopoverAnchor>
        <LazyPopoverContent
          className="w-auto p-0"
          align="start"
          ref={panelRef}
          // The calendar's code may still be on its way: the day is focused once it is shown (below).
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <LazyCalendar
            // Focus the chosen day (else today, else the first day allowed), so arrow keys move by day at once.
            onShown={() => focusStartDay(panelRef)}
            mode="single"
            captionLayout="dropdown"
            weekStartsOn={1}
            startMonth={minDate ?? firstMonth}
            endMonth={maxDate ?? new Date(new Date().getFullYear() + 10, 11, 31)}
            defaultMonth={selected ?? clampToday(minDate, maxDate)}
            selected={selected}
            disabled={disabledDays}
            onSelect={(date) => {
              if (date) {
                const iso = dateToIso(date);
                setText(isoToDateText(iso));
                onChange(iso);
              }
              setOpen(false);
            }}
          />
        </LazyPopoverContent>
      </LazyPopover>
      {showProblem ? (
        <p id={messageId} className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Why the typed date cannot be used, or undefined when it can (or is empty). */
function dateProblem(
  parsed: ReturnType<typeof parseDateText>,
  min: string | undefined,
  max: string | undefined,
): string | undefined {
  if (parsed.kind === 'empty') return undefined;
  if (parsed.kind === 'invalid') return dateFormatMessage;
  if (min && parsed.value < min) return `Enter a date on or after ${isoToDateText(min)}`;
  if (max && parsed.value > max) return `Enter a date on or before ${isoToDateText(max)}`;
  return undefined;
}

/**
 * Focuses the calendar's chosen day, else today, else its first day allowed. The popover's own code
 * may arrive after the calendar's (both load on first open): until its panel is in the page and
 * placed, the day cannot take focus, so it is tried again over the next few frames.
 */
function focusStartDay(panelRef: RefObject<HTMLElement | null>, framesLeft = 6) {
  const panel = panelRef.current;
  const day = panel
    ? ['[data-selected="true"]', '[data-today="true"]', '[role="gridcell"]:not([data-disabled="true"])']
        .map((cell) => panel.querySelector<HTMLButtonElement>(`${cell} button:not([disabled])`))
        .find(Boolean)
    : undefined;
  day?.focus();
  if ((!day || document.activeElement !== day) && framesLeft > 0) {
    requestAnimationFrame(() => focusStartDay(panelRef, framesLeft - 1));
  }
}

/** Today, or the nearest allowed day: the month the calendar opens on when no date is chosen. */
function clampToday(minDate: Date | undefined, maxDate: Date | undefined): Date {
  const today = new Date();
  if (maxDate && today > maxDate) return maxDate;
  if (minDate && today < minDate) return minDate;
  return today;
}
