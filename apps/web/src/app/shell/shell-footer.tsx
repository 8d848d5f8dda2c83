import { Link } from '@tanstack/react-router';
import { useCurrentTenant } from '@/features/tenants/api';

/** The page footer, a skip-link target (spec shell section 2). Leaves room for the phones' bottom bar. */
export function ShellFooter() {
  const { tenant } = useCurrentTenant();
  return (
    <footer
      id="footer"
      tabIndex={-1}
      className="mb-[calc(4rem+1px+env(safe-area-inset-bottom))] border-t bg-background px-4 py-4 text-muted-foreground text-xs outline-none sm:px-6 md:mb-0"
    >
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        <p>
          Wattle care coordination for NDIS providers · <span className="sr-only">Organisation: </span>
          {tenant.name}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <Link to="/handbook" className="underline-offset-4 hover:text-foreground hover:underline">
              Handbook
            </Link>
          </li>
          <li>
            <Link to="/documentation" className="underline-offset-4 hover:text-foreground hover:underline">
              Documentation
            </Link>
          </li>
          <li>
            <Link
              to="/settings/appearance"
              className="underline-offset-4 hover:text-foreground hover:underline"
            >
              Accessibility
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
