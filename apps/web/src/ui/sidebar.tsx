import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/cn';
import { readCookie } from '@/lib/http';
import { readStoredJson, storageKeys, writeStoredJson } from '@/lib/storage-keys';
import { LazyPartBoundary, lazyPart } from './lazy-part';
import { LazyTooltip } from './lazy-tooltip';
import { useDrawnAsOnServer } from './use-drawn-as-on-server';
import { useViewport, type Viewport } from './use-viewport';

const SidebarSheet = lazyPart(() => import('./sidebar-sheet'), 'SidebarSheet');

/**
 * The shadcn/ui sidebar presentation (DESIGN.md section 6) with the specification's resizing (spec
 * shell sections 2 and 9): open or collapsed to icons (3.25rem), remembered for 7 days in the
 * `sidebar_state` cookie, toggled with Ctrl/Cmd+B; its width dragged (or moved with the arrow keys)
 * between 160 and 420 px and remembered on this browser; an overlay sheet below 640 px.
 *
 * shadcn's 17rem default width gives way to the specification's device defaults: 256 px on desktops,
 * 224 px on tablets (and 0 on phones, where the sidebar is not part of the page).
 */

export const sidebarCookieName = 'sidebar_state';
const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;
export const sidebarMinWidth = 160;
export const sidebarMaxWidth = 420;
const sidebarIconWidth = '3.25rem';
const keyboardStep = 16;
const defaultWidths = { desktop: 256, tablet: 224, mobile: 0 } as const satisfies Record<Viewport, number>;

export function clampSidebarWidth(width: number): number {
  return Math.round(Math.min(sidebarMaxWidth, Math.max(sidebarMinWidth, width)));
}

function readStoredWidth(): number | null {
  const stored = readStoredJson(storageKeys.sidebarWidth);
  return typeof stored === 'number' && Number.isFinite(stored) ? clampSidebarWidth(stored) : null;
}

/**
 * Open unless the cookie says the user collapsed it. The page's `<html data-sidebar>` says it first
 * where it is there: the server's first paint sets it from the cookie (entry-server.tsx) and each
 * change here keeps it true. Reading `document.cookie` is a synchronous call to the browser's network
 * process (lib/http.ts `hasCookie`), 34–70 ms at the start of a warm load: on a page with a first paint
 * that call held up the app's first drawing (issue 19: blocking time).
 */
export function readSidebarOpen(): boolean {
  const drawn = typeof document === 'undefined' ? undefined : document.documentElement.dataset.sidebar;
  if (drawn) return drawn !== 'collapsed';
  return readCookie(sidebarCookieName) !== 'false';
}

/** The value of `<html data-sidebar>` for a sidebar open or collapsed. */
export function sidebarAttribute(open: boolean): 'expanded' | 'collapsed' {
  return open ? 'expanded' : 'collapsed';
}

function writeOpenCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names this cookie; Cookie Store API support is not universal.
  document.cookie = `${sidebarCookieName}=${open}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
  document.documentElement.dataset.sidebar = sidebarAttribute(open);
}

interface SidebarContextValue {
  /** 'expanded' or 'collapsed' (to icons); on phones the sheet's open state is separate. */
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  viewport: Viewport;
  isMobile: boolean;
  /** Collapses or expands; on phones opens or closes the sheet. */
  toggleSidebar: () => void;
  width: number;
  setWidth: (width: number) => void;
  isResizing: boolean;
  setIsResizing: (isResizing: boolean) => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside a SidebarProvider.');
  return context;
}

function isToggleShortcut(event: globalThis.KeyboardEvent): boolean {
  return (
    event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey
  );
}

export function SidebarProvider({
  className,
  style,
  children,
  ...props
}: ComponentProps<'div'> & { children: ReactNode }) {
  const viewport = useViewport();
  const isMobile = viewport === 'mobile';
  const [open, setOpenState] = useState(readSidebarOpen);
  const [openMobile, setOpenMobile] = useState(false);
  // The width kept in this browser, which the server's first paint cannot know: while React hydrates
  // that drawing the sidebar has the default width, as drawn, and the kept one right after.
  const drawnAsOnServer = useDrawnAsOnServer();
  const keptWidth = useMemo(() => (drawnAsOnServer ? null : readStoredWidth()), [drawnAsOnServer]);
  const [chosenWidth, setChosenWidth] = useState<number | null>(null);
  const [isResizing, setIsResizing] = useState(false);
  const width = chosenWidth ?? keptWidth ?? defaultWidths[viewport];

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeOpenCookie(value);
  }, []);

  const setWidth = useCallback((value: number) => {
    const clamped = clampSidebarWidth(value);
    setChosenWidth(clamped);
    writeStoredJson(storageKeys.sidebarWidth, clamped);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl/Cmd+B toggles from anywhere, as in shadcn/ui (the browser's own Ctrl+B does nothing useful here).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // Leaving the phone layout closes the sheet, so it does not pop up when the window narrows again.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      viewport,
      isMobile,
      toggleSidebar,
      width,
      setWidth,
      isResizing,
      setIsResizing,
    }),
    [open, setOpen, openMobile, viewport, isMobile, toggleSidebar, width, setWidth, isResizing],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            '--sidebar-width': `${width}px`,
            '--sidebar-width-icon': sidebarIconWidth,
            ...style,
          } as CSSProperties
        }
        className={cn('flex min-h-svh w-full flex-col', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * The sidebar: an aside beside the content from 640 px up, a sheet over the page below that.
 * `label` names the sheet for screen readers.
 */
export function Sidebar({
  className,
  children,
  label,
  description,
  ...props
}: ComponentProps<'aside'> & { label: string; description: string }) {
  const { isMobile, openMobile, setOpenMobile, state, isResizing } = useSidebar();

  if (isMobile) {
    return (
      <LazyPartBoundary fallback={null}>
        <SidebarSheet open={openMobile} onOpenChange={setOpenMobile} label={label} description={description}>
          {children}
        </SidebarSheet>
      </LazyPartBoundary>
    );
  }

  return (
    <aside
      data-slot="sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      className={cn(
        'group/sidebar sticky top-(--header-height) z-20 flex h-[calc(100svh-var(--header-height))] shrink-0 flex-col border-r bg-background',
        state === 'collapsed' ? 'w-(--sidebar-width-icon)' : 'w-(--sidebar-width)',
        isResizing ? 'transition-none' : 'transition-[width] duration-200 ease-out',
        className,
      )}
      {...props}
    >
      {children}
      {state === 'expanded' ? <SidebarResizeHandle /> : null}
    </aside>
  );
}

/**
 * The drag handle on the sidebar's edge: a focusable vertical separator (WAI-ARIA window splitter)
 * whose value is the width in pixels; arrow keys move it by 16 px, Home and End to the limits.
 */
export function SidebarResizeHandle() {
  const { width, setWidth, setIsResizing } = useSidebar();
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
    setIsResizing(true);
    document.body.style.userSelect = 'none';
    document.body.style.cursor = 'col-resize';
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(drag.current.startWidth + event.clientX - drag.current.startX);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setIsResizing(false);
    document.body.style.userSelect = '';
    document.body.style.cursor = '';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = {
      ArrowLeft: width - keyboardStep,
      ArrowRight: width + keyboardStep,
      Home: sidebarMinWidth,
      End: sidebarMaxWidth,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setWidth(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, resizable splitter is role="separator"; <hr> cannot take focus or a value.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuenow={width}
      aria-valuemin={sidebarMinWidth}
      aria-valuemax={sidebarMaxWidth}
      aria-valuetext={`${width} pixels wide`}
      tabIndex={0}
      data-slot="sidebar-resize-handle"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      className="-right-1.5 absolute inset-y-0 z-30 w-3 cursor-col-resize touch-none outline-none after:absolute after:inset-y-0 after:left-1/2 after:w-0.5 after:-translate-x-1/2 after:transition-colors hover:after:bg-primary/40 focus-visible:after:bg-ring"
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-footer" className={cn('mt-auto flex flex-col gap-2 p-2', className)} {...props} />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden group-data-[collapsible=icon]/sidebar:overflow-y-auto',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group"
      className={cn('relative flex w-full min-w-0 flex-col px-2 py-1', className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({
  className,
  asChild = false,
  ...props
}: ComponentProps<'div'> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'div';
  return (
    <Component
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 w-full shrink-0 items-center gap-2 rounded-md px-2 text-left font-medium text-muted-foreground text-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring group-data-[collapsible=icon]/sidebar:sr-only [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group-content" className={cn('w-full text-sm', className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-0.5', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li data-slot="sidebar-menu-item" className={cn('group/menu-item relative', className)} {...props} />
  );
}

/**
 * A row of the sidebar menu (usually a link, through `asChild`). Collapsed to icons it shows only its
 * icon, and `tooltip` (the row's name, which stays its accessible name) appears at once on hover or
 * focus; the tooltip's code loads on first use (`LazyTooltip`).
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const { state, isMobile } = useSidebar();
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(
        'flex h-8 w-full min-w-0 items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-60 data-[active=true]:bg-accent data-[active=true]:font-medium data-[active=true]:text-accent-foreground group-data-[collapsible=icon]/sidebar:size-8 group-data-[collapsible=icon]/sidebar:justify-center group-data-[collapsible=icon]/sidebar:p-0 group-data-[collapsible=icon]/sidebar:[&>span]:sr-only [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
  if (!tooltip) return button;
  return (
    <LazyTooltip content={tooltip} side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
      {button}
    </LazyTooltip>
  );
}

/** A count at the end of a menu row (the unread badge); a dot on the icon when collapsed. */
export function SidebarMenuBadge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="sidebar-menu-badge"
      className={cn(
        'pointer-events-none absolute top-1.5 right-1.5 flex h-5 min-w-5 select-none items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-primary-foreground text-xs tabular-nums group-data-[collapsible=icon]/sidebar:top-0.5 group-data-[collapsible=icon]/sidebar:right-0.5 group-data-[collapsible=icon]/sidebar:h-2 group-data-[collapsible=icon]/sidebar:min-w-2 group-data-[collapsible=icon]/sidebar:p-0 group-data-[collapsible=icon]/sidebar:text-[0px]',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarSeparator({ className, ...props }: ComponentProps<'hr'>) {
  return <hr data-slot="sidebar-separator" className={cn('mx-2 my-1 border-border', className)} {...props} />;
}
