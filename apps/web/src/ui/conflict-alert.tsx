import { UsersIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';

/**
 * The amber notice shown when someone else saved the record since this user opened it (a 409 from
 * the server): a title, then what changed and the choices, as `children`.
 */
export function ConflictAlert({
  title,
  children,
  ...props
}: { title: ReactNode; children: ReactNode } & Omit<ComponentProps<typeof Alert>, 'title' | 'className'>) {
  return (
    <Alert className="border-amber-300 bg-amber-50 text-amber-950" {...props}>
      <UsersIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{title}</AlertTitle>
      <AlertDescription className="text-amber-950">{children}</AlertDescription>
    </Alert>
  );
}
