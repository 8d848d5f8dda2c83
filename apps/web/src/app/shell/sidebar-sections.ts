import { useCallback, useState } from 'react';
import { readStoredJson, storageKeys, writeStoredJson } from '@/lib/storage-keys';

/** The sidebar's collapsible sections (spec shell section 2: they remember being collapsed). */
export type SidebarSectionId = 'favorites' | 'teams' | 'shared-plans' | 'participants' | 'admin';

type CollapsedSections = Partial<Record<SidebarSectionId, true>>;

function readCollapsed(): CollapsedSections {
  const stored = readStoredJson(storageKeys.sidebarSections);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([, value]) => value === true),
  ) as CollapsedSections;
}

/** Which sections are collapsed, remembered on this browser under one key. */
export function useCollapsedSections() {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((section: SidebarSectionId, isCollapsed: boolean) => {
    // Each section keeps its own copy; the stored value is re-read so sections never overwrite each other.
    const next = readCollapsed();
    if (isCollapsed) next[section] = true;
    else delete next[section];
    writeStoredJson(storageKeys.sidebarSections, next);
    setCollapsedState(next);
  }, []);
  return { isCollapsed: (section: SidebarSectionId) => collapsed[section] === true, setCollapsed };
}
