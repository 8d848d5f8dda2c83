import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { WattleLogo } from './wattle-logo';

/** The frame of the pages outside the signed-in shell: sign-in, onboarding, verification. */
export function CenteredLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-svh flex-col bg-surface">
      <SkipLink />
      <header className="px-4 pt-8 sm:px-6">
        <div className="mx-auto flex justify-center">
          <WattleLogo className="text-xl" />
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className={`mx-auto flex w-full flex-1 flex-col px-4 py-8 outline-none sm:px-6 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}
      >
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-muted-foreground text-xs sm:px-6">
        Wattle care coordination for NDIS providers
      </footer>
    </div>
  );
}
