import type { Page } from '@playwright/test';
import { demoUsers, expect, sunriseTenantName, test } from './fixtures';

/**
 * The shell's menus and tooltips load their code on first use (apps/web/src/ui/lazy-dropdown-menu.tsx
 * and lazy-tooltip.tsx). Their first use must behave as Radix's menu and tooltip always did: the
 * keyboard opens a menu with focus on its first item, Escape gives focus back to the trigger, and
 * a keyboard user arriving on a collapsed sidebar link keeps focus there and sees its name.
 */

async function openInbox(page: Page): Promise<void> {
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
}

test.describe('menus and tooltips loaded on first use', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ signIn }) => {
    await signIn(demoUsers.owner);
  });

  test('the tenant switcher opens from the keyboard with focus on the first organisation, and Escape returns focus', async ({
    page,
  }) => {
    await openInbox(page);
    const switcher = page.getByTestId('current-tenant');
    await expect(switcher).toHaveAttribute('aria-haspopup', 'menu');
    await expect(switcher).toHaveAttribute('aria-expanded', 'false');

    await switcher.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(switcher).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('tenant-option').first()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(switcher).toBeFocused();
    await expect(switcher).toHaveAttribute('aria-expanded', 'false');
    await expect(switcher).toContainText(sunriseTenantName);
  });

  test('Quick Add opens with Down Arrow on first use, and a chosen item opens its modal', async ({
    page,
  }) => {
    await openInbox(page);
    const quickAdd = page.getByTestId('quick-add');
    await quickAdd.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'New Task' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(quickAdd).toBeFocused();

    // Opened again (now Radix's own trigger): Space, then the items by keyboard.
    await page.keyboard.press(' ');
    await expect(page.getByRole('menuitem', { name: 'New Task' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'New Incident' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'New Invoice' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New Invoice' })).toBeVisible();
  });

  test('a menu pressed before its code has arrived opens when it arrives', async ({ page }) => {
    // Hold the menu's code back until the trigger has been pressed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/dropdown-menu-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openInbox(page);
    const quickAdd = page.getByTestId('quick-add');
    await quickAdd.click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(quickAdd).toHaveAttribute('aria-expanded', 'false');

    release();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'New Incident' })).toBeEnabled();
    await expect(quickAdd).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(quickAdd).toBeFocused();
  });

  test('focusing a collapsed sidebar link by keyboard keeps focus on it and shows its name', async ({
    page,
  }) => {
    await openInbox(page);
    await page.locator('body').press('Control+b');
    const sidebar = page.locator('aside[data-slot="sidebar"]');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

    const inbox = sidebar.getByRole('link', { name: 'Inbox' });
    await inbox.focus();
    await expect(page.getByRole('tooltip', { name: 'Inbox' })).toBeVisible();
    await expect(inbox).toBeFocused();
    // Tab moves on to the next link, whose tooltip shows in turn.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip', { name: 'Inbox' })).toBeHidden();
    await expect(page.getByRole('tooltip')).toBeVisible();
  });

  test('a trigger clicked while the tooltip code is on its way does its job, shows no tooltip and keeps focus', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/tooltip-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openInbox(page);
    const sidebar = page.locator('aside[data-slot="sidebar"]');
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(toggle).toBeFocused();

    const arrived = page.waitForResponse(/\/assets\/tooltip-[^/]*\.js$/);
    release();
    await arrived;
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await toggle.click();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    // The next time the pointer comes, the tooltip shows.
    await page.mouse.move(640, 500);
    await toggle.hover();
    await expect(page.getByRole('tooltip', { name: /^Collapse sidebar/ })).toBeVisible();
  });

  test('the header tooltips show on hover, over triggers that keep their own names', async ({ page }) => {
    await openInbox(page);
    const settings = page.getByRole('banner').getByRole('link', { name: 'Settings' });
    await settings.hover();
    await expect(page.getByRole('tooltip', { name: 'Settings' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.hover();
    await expect(page.getByRole('tooltip', { name: /^Collapse sidebar \((Ctrl|⌘)\+B\)$/ })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('tooltip', { name: /^Collapse sidebar/ })).toBeHidden();
  });
});
