import type { FormSection } from '@wattle/domain/templates/sections';
import {
  ActivityIcon,
  ChevronDownIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  LightbulbIcon,
  LoaderCircleIcon,
  type LucideIcon,
  MessagesSquareIcon,
  PenLineIcon,
  SparklesIcon,
  UserCheckIcon,
  UserIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';

/**
 * The sections' icons. The domain names each section's lucide icon; only these are bundled (all of
 * lucide would not be), with one per section id as the fallback for a name not listed here.
 */
const iconsByName: Record<string, LucideIcon> = {
  User: UserIcon,
  UserCheck: UserCheckIcon,
  MessagesSquare: MessagesSquareIcon,
  Activity: ActivityIcon,
  Lightbulb: LightbulbIcon,
  ClipboardCheck: ClipboardCheckIcon,
  PenLine: PenLineIcon,
  FileText: FileTextIcon,
};
const iconsBySection: Record<string, LucideIcon> = {
  'participant-info': UserIcon,
  'practitioner-info': UserCheckIcon,
  consultation: MessagesSquareIcon,
  assessment: ActivityIcon,
  strategies: LightbulbIcon,
  monitoring: ClipboardCheckIcon,
  signatures: PenLineIcon,
};

function pascalCase(name: string): string {
  return name
    .replace(/Icon$/, '')
    .split(/[-_\s]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function sectionIcon(section: Pick<FormSection, 'id' | 'icon'>): LucideIcon {
  return iconsByName[pascalCase(section.icon)] ?? iconsBySection[section.id] ?? FileTextIcon;
}

export function IssueCountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge variant="outline" className="border-destructive/40 bg-red-50 text-destructive">
      {count} {count === 1 ? 'issue' : 'issues'}
    </Badge>
  );
}

interface FormSectionPanelProps {
  section: FormSection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  issueCount: number;
  /** The AI button's action; absent for sections without one. */
  onAi?: () => void;
  aiRunning: boolean;
  /** Another AI request runs: one at a time. */
  aiDisabled: boolean;
  children: ReactNode;
}

/**
 * A collapsible form section: icon, name, issue-count badge and (where offered) the 'AI' button.
 * A plain disclosure (a button with aria-expanded and aria-controls; the fields drawn only while
 * open), not Radix's Collapsible: that one reads the content's computed style and size as it mounts,
 * for its open and close animation, and with a section panel each a plan's page paid a whole-page
 * style and layout pass per section as it opened (issue 19).
 */
export function FormSectionPanel({
  section,
  open,
  onOpenChange,
  issueCount,
  onAi,
  aiRunning,
  aiDisabled,
  children,
}: FormSectionPanelProps) {
  const Icon = sectionIcon(section);
  const headingId = `section-${section.id}-heading`;
  const contentId = `section-${section.id}-content`;
  return (
    <section
      aria-labelledby={headingId}
      className="paint-apart rounded-lg border bg-card"
      data-section-id={section.id}
      data-state={open ? 'open' : 'closed'}
    >
      <div className="flex items-center gap-2 px-3 py-2">
        <h3 id={headingId} className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            data-state={open ? 'open' : 'closed'}
            onClick={() => onOpenChange(!open)}
            className="flex w-full min-w-0 items-center gap-2 rounded-md px-1 py-1 text-left font-semibold text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronDownIcon
              aria-hidden="true"
              className={cn(
                'size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none',
                !open && '-rotate-90',
              )}
            />
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="truncate">{section.name}</span>
            <IssueCountBadge count={issueCount} />
          </button>
        </h3>
        {onAi ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onAi}
            disabled={aiRunning || aiDisabled}
            aria-label={aiRunning ? `Processing ${section.name}` : `AI draft of ${section.name}`}
          >
            {aiRunning ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {aiRunning ? 'Processing...' : 'AI'}
          </Button>
        ) : null}
      </div>
      {/* Kept in the page while closed (hidden and empty), so aria-controls always names an element. */}
      <div
        id={contentId}
        hidden={!open}
        className={open ? 'grid grid-cols-[minmax(0,1fr)] gap-5 border-t px-4 py-4' : undefined}
      >
        {open ? children : null}
      </div>
    </section>
  );
}
