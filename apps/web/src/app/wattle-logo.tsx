import { cn } from '@/lib/cn';

/** The Wattle mark: wattle blossom on the brand blue. Decorative; the word beside it names it. */
export function WattleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <g fill="#facc15">
        <circle cx="16" cy="10" r="4" />
        <circle cx="10" cy="17" r="4" />
        <circle cx="22" cy="17" r="4" />
        <circle cx="16" cy="23" r="4" />
      </g>
    </svg>
  );
}

export function WattleLogo({ className, wordClassName }: { className?: string; wordClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-lg tracking-tight', className)}>
      <WattleMark />
      <span className={wordClassName}>Wattle</span>
    </span>
  );
}
