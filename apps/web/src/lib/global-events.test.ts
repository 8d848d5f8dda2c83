import { describe, expect, it, vi } from 'vitest';
import {
  onGlobalModal,
  onGlobalSearch,
  openGlobalModal,
  openGlobalSearch,
  registerEscapeHandler,
  registerSaveHandler,
  registerShortcutHandler,
  runShortcutHandler,
} from './global-events';

describe('global events', () => {
  it('delivers modal and search requests to their listeners until they unsubscribe', () => {
    const modal = vi.fn();
    const search = vi.fn();
    const stopModal = onGlobalModal(modal);
    const stopSearch = onGlobalSearch(search);
    openGlobalModal('newIncident');
    openGlobalSearch();
    expect(modal).toHaveBeenCalledWith('newIncident');
    expect(search).toHaveBeenCalledTimes(1);
    stopModal();
    stopSearch();
    openGlobalModal('newTask');
    openGlobalSearch();
    expect(modal).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledTimes(1);
  });
});

describe('shortcut handlers', () => {
  it('reports when no page registered a handler', () => {
    expect(runShortcutHandler('save')).toBe(false);
  });

  it('runs the most recent registration, and the earlier one again once it leaves', () => {
    const page = vi.fn();
    const panel = vi.fn();
    const stopPage = registerEscapeHandler(page);
    const stopPanel = registerEscapeHandler(panel);
    expect(runShortcutHandler('escape')).toBe(true);
    expect(panel).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    stopPanel();
    runShortcutHandler('escape');
    expect(page).toHaveBeenCalledTimes(1);
    stopPage();
    expect(runShortcutHandler('escape')).toBe(false);
  });

  it('keeps actions apart and tolerates unregistering twice', () => {
    const save = vi.fn();
    const goHome = vi.fn();
    const stopSave = registerSaveHandler(save);
    const stopGoHome = registerShortcutHandler('g h', goHome);
    runShortcutHandler('save');
    expect(save).toHaveBeenCalledTimes(1);
    expect(goHome).not.toHaveBeenCalled();
    stopSave();
    stopSave();
    expect(runShortcutHandler('save')).toBe(false);
    expect(runShortcutHandler('g h')).toBe(true);
    stopGoHome();
  });

  it('one function registered twice stays registered until both registrations leave', () => {
    const save = vi.fn();
    const first = registerSaveHandler(save);
    const second = registerSaveHandler(save);
    first();
    expect(runShortcutHandler('save')).toBe(true);
    second();
    expect(runShortcutHandler('save')).toBe(false);
  });
});
