import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';

/**
 * A list of short texts (support goals, qualifications, specialisations): type one and press Enter
 * or the Add button; each entry can be removed (spec work section 2, "Support Goals"). Empty entries
 * are never added.
 */
export function TextListEditor({
  label,
  itemLabel,
  values,
  onChange,
  placeholder,
  maxLength = 200,
  error,
}: {
  label: string;
  /** One entry, for the Add and Remove buttons' names ('goal' → 'Add goal', 'Remove goal: …'). */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  maxLength?: number;
  error?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');

  function add() {
    const entry = text.trim();
    if (!entry) return;
    onChange([...values, entry]);
    setText('');
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!text.trim()}>
          <PlusIcon aria-hidden="true" />
          Add<span className="sr-only"> {itemLabel}</span>
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {values.length > 0 ? (
        <ul aria-label={label} className="flex flex-col gap-1.5">
          {values.map((value, index) => (
            <li
              // Entries may repeat; their place in the list is what identifies them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${index}-${value}`}
              className="flex items-start justify-between gap-2 rounded-md border bg-muted/40 px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 break-words py-1">{value}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 shrink-0"
                aria-label={`Remove ${itemLabel}: ${value}`}
                onClick={() => onChange(values.filter((_, i) => i !== index))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
