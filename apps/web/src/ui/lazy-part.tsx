import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { Button } from './button';

/**
 * Parts of the shell that are only needed once opened (global search, the global modals) load their
 * code on first use, as the pages do (TanStack Router's lazyRouteComponent), so it stays out of the
 * JavaScript every page loads. `lazyPart` is React.lazy for a named export, with `preload()` to fetch
 * the code ahead of use: a part preloaded that way is drawn at once, with no fallback first (calling
 * its import directly fetches the code but leaves the part to suspend once). `LazyPartBoundary` shows
 * the fallback while it loads and, if loading fails, says so in place of the part, so the dialog
 * around it and the rest of the page keep working.
 */

/** Loading a part's code failed (offline, or a new release replaced the file). */
class PartLoadError extends Error {
  override readonly name = 'PartLoadError';
}

/** A part whose code loads on first use; `preload()` fetches and runs it ahead of that. */
export type LazyPart<Props extends object> = ComponentType<Props> & { preload: () => Promise<void> };

export function lazyPart<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  exportName: Name,
): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loadPart = async (): Promise<ComponentType<Props>> => {
    // Preloaders run on every hover and focus of what opens the part: once loaded, nothing to do.
    if (loaded) return loaded;
    let module: Record<Name, ComponentType<Props>>;
    try {
      module = await load();
    } catch (cause) {
      throw new PartLoadError(`Could not load ${exportName}`, { cause });
    }
    loaded = module[exportName];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadPart() }));
  function Part(props: Props) {
    // Once its code is at hand (preloaded, or drawn before), the part is drawn with the page around
    // it. Through React.lazy it would first suspend, even then: the fallback is drawn, and the part
    // after it in a second, sliced drawing (issue 19: a plan opened from the board reached its first
    // field 230 ms after its title at 4x CPU slowdown). Chosen once per mount, so the part is never
    // swapped for another component type (which would lose its state).
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Part.displayName = `LazyPart(${exportName})`;
  Part.preload = async () => {
    await loadPart();
  };
  return Part;
}

interface BoundaryState {
  error: unknown;
}

class PartLoadErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (error instanceof PartLoadError) console.error(error, error.cause, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Only a failed load is answered here; any other error goes on to the route's error screen.
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-red-50 p-3 text-destructive text-sm"
      >
        <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">This could not be loaded</p>
          <p className="mt-1">Check your connection, then reload the page.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </Button>
        </div>
      </div>
    );
  }
}

export function LazyPartBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <PartLoadErrorBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartLoadErrorBoundary>
  );
}

/** The fallback while a part loads: the spec's 'Loading...' (shell section 2). */
export function LazyPartLoading({ className }: { className?: string }) {
  return (
    <p role="status" className={className ?? 'py-10 text-center text-muted-foreground text-sm'}>
      Loading...
    </p>
  );
}
