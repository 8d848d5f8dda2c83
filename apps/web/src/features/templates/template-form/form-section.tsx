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
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui/collapsible';

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

/** A collapsible form section: icon, name, issue-count badge and (where offered) the 'AI' button. */
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
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <section aria-labelledby={headingId} className="rounded-lg border bg-card" data-section-id={section.id}>
        <div className="flex items-center gap-2 px-3 py-2">
          <h3 id={headingId} className="min-w-0 flex-1">
            <CollapsibleTrigger className="flex w-full min-w-0 items-center gap-2 rounded-md px-1 py-1 text-left font-semibold text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring">
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
            </CollapsibleTrigger>
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
        <CollapsibleContent className="grid grid-cols-[minmax(0,1fr)] gap-5 border-t px-4 py-4">
          {children}
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}
