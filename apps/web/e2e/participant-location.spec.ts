import type { Locator, Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';
import { freshNdisNumber, isFull, participantsApi } from './participants-api';

/**
 * Where a participant lives, for NDIS pricing (issue 14): 'State or Territory' ("Same as
 * organisation (NSW)" for Sunrise, which keeps Sydney's time) and 'Remoteness (MMM)' on the
 * participant form and step 1 of the care-team wizard, kept in drafts, shown on the detail page.
 */

const hint = "Sets the NDIS price limits and travel caps for this participant's supports.";

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** The text of a select's chosen option, as a person sees it. */
function selectedText(select: Locator) {
  return select.evaluate((element) => {
    const el = element as HTMLSelectElement;
    return el.options[el.selectedIndex]?.text ?? '';
  });
}

test.describe('where a participant lives', () => {
  test('the participant form sets state and remoteness, keeps them through a reload, shows them and edits them', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    const api = await participantsApi(page.request);
    const ndisNumber = freshNdisNumber();
    const name = `Kai Walker-${ndisNumber.slice(-4)}`;

    await page.goto('/participants/new');
    const basic = card(page, 'Basic Information');
    const state = basic.getByLabel('State or Territory');
    const remoteness = basic.getByLabel('Remoteness (MMM)');
    await expect(state.locator('option').first()).toHaveText('Same as organisation (NSW)');
    expect(await selectedText(state)).toBe('Same as organisation (NSW)');
    expect(await selectedText(remoteness)).toBe('MMM 1 – Metropolitan');
    await expect(remoteness.locator('option')).toHaveText([
      'MMM 1 – Metropolitan',
      'MMM 2 – Regional centres',
      'MMM 3 – Large rural towns',
      'MMM 4 – Medium rural towns',
      'MMM 5 – Small rural towns',
      'MMM 6 – Remote communities',
      'MMM 7 – Very remote communities',
    ]);
    await expect(basic.getByText(hint)).toBeVisible();
    await expect(remoteness).toHaveAccessibleDescription(hint);

    await basic.getByLabel('Full Name').fill(name);
    await basic.getByLabel('NDIS Number').fill(ndisNumber);
    await basic.getByLabel('Date of Birth').fill('01/07/1990');
    await state.selectOption({ label: 'Northern Territory' });
    await remoteness.selectOption({ label: 'MMM 6 – Remote communities' });

    // A reload brings back what was chosen, like every other field.
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toBeVisible();
    await expect(basic.getByLabel('State or Territory')).toHaveValue('NT');
    await expect(basic.getByLabel('Remoteness (MMM)')).toHaveValue('6');

    await page.getByRole('button', { name: 'Create Participant' }).click();
    await expect(page).toHaveURL(/\/participants\/[0-9a-f-]{36}$/);
    const details = card(page, 'Basic Information');
    await expect(details.getByText('Northern Territory')).toBeVisible();
    await expect(details.getByText('MMM 6 – Remote communities')).toBeVisible();
    const id = page.url().split('/').pop()!;
    const created = await api.get(id);
    expect(isFull(created) && [created.state, created.monashModel]).toEqual(['NT', 6]);

    // Back to the organisation's state, and regional.
    await page.getByRole('link', { name: 'Edit Participant' }).click();
    await expect(basic.getByLabel('State or Territory')).toHaveValue('NT');
    await basic.getByLabel('State or Territory').selectOption({ label: 'Same as organisation (NSW)' });
    await basic.getByLabel('Remoteness (MMM)').selectOption({ label: 'MMM 4 – Medium rural towns' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/participants/${id}$`));
    await expect(details.getByText('Same as organisation (NSW)')).toBeVisible();
    await expect(details.getByText('MMM 4 – Medium rural towns')).toBeVisible();
    const edited = await api.get(id);
    expect(isFull(edited) && [edited.state, edited.monashModel]).toEqual([null, 4]);
  });

  test('step 1 of the care-team wizard asks for them and keeps them between steps and through a reload', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.owner);
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Create Care Team' }).click();
    const drawer = page.getByTestId('create-care-team-drawer');
    await expect(drawer.getByRole('heading', { name: 'Add New Participant' })).toBeVisible();
    await expect(drawer.getByText(hint)).toBeVisible();
    await expect(drawer.getByLabel('State or Territory').locator('option').first()).toHaveText(
      'Same as organisation (NSW)',
    );
    await drawer.getByLabel('Full Name').fill('Ari Wilson');
    await drawer.getByLabel('NDIS Number').fill(freshNdisNumber());
    await drawer.getByLabel('Date of Birth').fill('09/03/2001');
    await drawer.getByLabel('State or Territory').selectOption({ label: 'Queensland' });
    await drawer.getByLabel('Remoteness (MMM)').selectOption({ label: 'MMM 5 – Small rural towns' });
    await drawer.getByRole('button', { name: 'Next: Team Setup' }).click();
    await expect(drawer.getByRole('heading', { name: 'Create Care Team' })).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: 'Create Care Team' }).click();
    await expect(drawer.getByRole('heading', { name: 'Create Care Team' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer.getByLabel('State or Territory')).toHaveValue('QLD');
    await expect(drawer.getByLabel('Remoteness (MMM)')).toHaveValue('5');

    // Thrown away, so no other test meets this draft.
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toHaveCount(0);
  });
});
