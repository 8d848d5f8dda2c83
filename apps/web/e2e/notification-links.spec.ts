import type { Incident } from '@wattle/domain/incidents/schemas';
import { cardsApi } from './cards-api';
import { demoUsers, expect, openAs, test } from './fixtures';

/**
 * A notification about a page of the app opens that page from the inbox (issue 16: a Commission
 * deadline's plan, incident or report; `notifications.link`). Sophie (support worker) reports an
 * incident and marks it reportable through the API; Olivia (owner) is told at once, and following
 * the notice from her inbox opens the incident in the register.
 */
test('a reportable incident notice opens the incident from the inbox', async ({ page, signIn, browser }) => {
  test.slow();
  await signIn(demoUsers.supportWorker);
  const api = await cardsApi(page.request);
  const title = `Incident: Jordan fell in the garden ${Date.now()}`;
  const card = await api.create({
    teamId: await api.teamId("Jordan's Care Team"),
    title,
    templateId: 'incident-report',
  });

  const headers = {
    'X-Tenant-Id': api.tenantId,
    'X-CSRF-Token': decodeURIComponent(
      (await page.request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')!.value,
    ),
  };
  const listed = await page.request.get('/api/incidents?sort=occurredAt&order=desc&limit=50', { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const incident = ((await listed.json()) as { data: Incident[] }).data.find((i) => i.cardId === card.id);
  expect(incident, 'the card has its register entry').toBeTruthy();
  const marked = await page.request.patch(`/api/incidents/${incident!.id}`, {
    headers,
    data: {
      version: incident!.version,
      reportable: true,
      reportableCategory: 'serious-injury',
      category: 'injury',
      severity: 'high',
      awareAt: new Date().toISOString(),
    },
  });
  expect(marked.ok(), await marked.text()).toBe(true);

  const olivia = await openAs(browser, demoUsers.owner, '/inbox');
  try {
    const inbox = olivia.page;
    await expect(inbox.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible({ timeout: 30_000 });
    const notice = inbox.getByTestId('notification').filter({ hasText: card.workItemId });
    await expect(notice).toContainText(
      `Reportable incident ${card.workItemId} for Jordan Lee (Serious injury)`,
    );
    const open = notice.getByRole('link', { name: /^Open incident/ });
    await expect(open).toHaveAttribute('href', `/incidents?incident=${incident!.id}`);
    await open.click();

    await expect(inbox).toHaveURL(new RegExp(`/incidents\\?incident=${incident!.id}$`));
    const panel = inbox.getByTestId('incident-detail');
    await expect(panel.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
    await inbox.screenshot({ path: test.info().outputPath('opened-from-inbox.png') });

    // Following it read it.
    await inbox.goto('/inbox');
    await expect(inbox.getByTestId('notification').filter({ hasText: card.workItemId })).not.toHaveAttribute(
      'data-unread',
      /.*/,
    );
  } finally {
    await olivia.context.close();
  }
});
