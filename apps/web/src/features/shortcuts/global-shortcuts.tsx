import { useNavigate } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { useEffect } from 'react';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { openGlobalModal, openGlobalSearch, runShortcutHandler } from '@/lib/global-events';
import {
  decideShortcut,
  type FocusTarget,
  initialShortcutState,
  isTypingTarget,
  type ShortcutAction,
  type ShortcutState,
} from '@/lib/shortcuts';

function focusTargetOf(event: KeyboardEvent): FocusTarget | null {
  // composedPath()[0] is the element inside a shadow root, where event.target would be its host.
  const target = event.composedPath()[0] ?? event.target;
  return target instanceof Element ? (target as HTMLElement) : null;
}

/**
 * The keyboard shortcuts of spec shell section 2, mounted once in the shell. Which key does what is
 * decided in lib/shortcuts.ts; a page overrides an action with registerShortcutHandler() (or
 * useShortcutHandler()), otherwise the defaults below apply. Save and Escape have no default: they
 * do what the current page registered, or nothing.
 */
export function GlobalShortcuts() {
  const navigate = useNavigate();
  // Ctrl/Cmd+N opens New Task only for those who may create cards, as Quick Add offers it.
  const { role } = useCurrentRole();
  const canCreateCards = can(role, 'write:cards');

  useEffect(() => {
    const defaults: Partial<Record<ShortcutAction, () => void>> = {
      'g h': () => void navigate({ href: '/' }),
      'g w': () => void navigate({ href: '/teams' }),
      'g r': () => void navigate({ href: '/teams' }),
      search: openGlobalSearch,
      ...(canCreateCards ? { 'new-work-item': () => openGlobalModal('newTask') } : {}),
    };
    let state: ShortcutState = initialShortcutState;

    const onKeyDown = (event: KeyboardEvent) => {
      // Something closer to the key already acted on it: an open dialog closing on Escape, a menu's
      // type-ahead. The page's handler must not act a second time.
      if (event.defaultPrevented) return;
      const decision = decideShortcut(
        event,
        { isTyping: isTypingTarget(focusTargetOf(event)), now: event.timeStamp },
        state,
      );
      state = decision.state;
      if (decision.preventDefault) event.preventDefault();
      // A held-down key repeats: one save or one new work item per press.
      if (!decision.action || event.repeat) return;
      if (!runShortcutHandler(decision.action)) defaults[decision.action]?.();
    };

    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, canCreateCards]);

  return null;
}
