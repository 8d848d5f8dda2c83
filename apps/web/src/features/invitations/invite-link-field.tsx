import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/**
 * An invitation link to pass on by hand (no SMTP server configured, so no e-mail went out): the
 * link, selectable, and a Copy button. Where the clipboard is refused, the text is selected so
 * Ctrl/Cmd+C copies it.
 */
export function InviteLinkField({ url, label }: { url: string; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      window.setTimeout(() => setIsCopied(false), 2000);
    } catch {
      input.current?.select();
    }
  }

  return (
    <div className="flex min-w-0 gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        ref={input}
        readOnly
        value={url}
        className="min-w-0 font-mono text-xs md:text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy ${label}`}>
        {isCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        <span aria-live="polite">{isCopied ? 'Copied' : 'Copy'}</span>
      </Button>
    </div>
  );
}
