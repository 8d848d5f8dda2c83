import { useSidebar } from '@/ui/sidebar';
import { SkipLink } from '../skip-link';

/**
 * The shell's skip links (spec shell section 2): main content, navigation and footer. Navigation is
 * the sidebar, the settings menu on settings pages, or the bottom bar on phones.
 */
export function SkipLinks({ navigationTarget }: { navigationTarget: string }) {
  const { isMobile } = useSidebar();
  return (
    <>
      <SkipLink />
      <SkipLink target={isMobile ? 'mobile-navigation' : navigationTarget} label="Skip to navigation" />
      <SkipLink target="footer" label="Skip to footer" />
    </>
  );
}
