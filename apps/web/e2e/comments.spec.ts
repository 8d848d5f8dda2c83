import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Comment } from '@wattle/domain/comments/schemas';
import type { Notification } from '@wattle/domain/notifications/schemas';
import { sunriseWithNewCard, sunriseWithSharedPlan } from './cards-api';
import { demoUsers, expect, expectNoAccessibilityViolations, openAs, sunriseIdOf, test } from './fixtures';

/**
 * The comment thread of a card (spec work sections 2, 5–9; issue 5 item 3): every test makes its own
 * card on Jordan's Care Team (Lee Lead, Priya Practitioner, Sophie Support, Fiona Family as Family
 * Guardian) and leaves the seeded ones alone.
 */

/** One comment's own box (its replies are outside it), found by a piece of its text. */
function commentBox(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text });
}

/** The composer's text box: a combobox over its '@' list (the ARIA combobox pattern). */
function composer(page: Page) {
  return page.getByRole('combobox', { name: /Write a (comment|reply)/ });
}

/** The ids of the comment drafts this browser keeps. */
function draftKeys(page: Page) {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('wattle.commentDraft.')),
  );
}

/** The API as the person signed in on `request`: reads a card's comments, posts one. */
async function commentsApi(request: APIRequestContext) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const headers = {
    'X-CSRF-Token': decodeURIComponent(csrf ?? ''),
    'X-Tenant-Id': await sunriseIdOf(request),
  };
  return {
    headers,
    async list(cardId: string): Promise<Comment[]> {
      const response = await request.get(`/api/cards/${cardId}/comments`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: Comment[] }).data;
    },
    async post(cardId: string, body: Record<string, unknown>): Promise<Comment> {
      const response = await request.post(`/api/cards/${cardId}/comments`, { data: body, headers });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: Comment }).data;
    },
  };
}

async function openCard(page: Page, cardId: string) {
  await page.goto(`/card/${cardId}`);
  await expect(page.getByRole('heading', { level: 2, name: /Comments/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading comments...' })).toHaveCount(0);
}

test.describe('comment thread', () => {
  test('comment, reply, react, edit and delete', async ({ page, signIn }) => {
    // The longest walk of the thread: more than 30 s on a busy machine.
    test.slow();
    const priya = await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment thread walk-through' });
    await openCard(page, card.id);
    await expect(page.getByText('No comments yet.')).toBeVisible();

    // Nothing to send: the button is disabled and Enter does nothing, not even a line break.
    const box = composer(page);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    await box.press('Enter');
    await expect(box).toHaveValue('   ');
    await box.fill('');

    // Shift+Enter breaks the line; Enter sends.
    await box.pressSequentially('First line');
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    await expect(box).toHaveValue('First line\nsecond line');
    await box.press('Enter');
    await expect(page.getByText('Comment added', { exact: true })).toBeVisible();
    await expect(page.getByText('Your comment has been posted successfully.')).toBeVisible();
    await expect(box).toHaveValue('');
    const first = commentBox(page, 'First line');
    await expect(first.getByTestId('comment-content')).toHaveJSProperty(
      'textContent',
      'First line\nsecond line',
    );
    await expect(first).toContainText('Priya Practitioner');
    await expect(first).toContainText('Practitioner');
    await expect(first.getByTestId('comment-type')).toHaveText('General');

    // A reply of type Review, indented under the comment.
    await first.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByText('Replying to comment')).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await page.getByLabel('Type').selectOption('review');
    await composer(page).pressSequentially('A reply to the first');
    await composer(page).press('Enter');
    await expect(page.getByText('Replying to comment')).toHaveCount(0);
    const reply = commentBox(page, 'A reply to the first');
    await expect(reply.getByTestId('comment-type')).toHaveText('Review');
    await expect(
      page.locator('li[data-depth="1"]').filter({ hasText: 'A reply to the first' }),
    ).toBeVisible();

    await expectNoAccessibilityViolations(page);

    // React through the menu, then press the badge to take the reaction back.
    await first.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('menuitem', { name: 'Like' }).click();
    const like = first.getByTestId('reaction-like');
    await expect(like).toHaveText('1');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const api = await commentsApi(page.request);
    await expect.poll(async () => (await api.list(card.id))[0]?.reactions).toEqual({ [priya.id]: 'like' });
    await like.click();
    await expect(first.getByTestId('reaction-like')).toHaveCount(0);
    await expect.poll(async () => (await api.list(card.id))[0]?.reactions).toEqual({});

    // A refused reaction says which way it failed, and goes back.
    const reactionUrl = `**/api/cards/${card.id}/comments/*/reaction`;
    await page.route(reactionUrl, (route) =>
      route.fulfill({ status: 500, json: { success: false, error: { code: 'INTERNAL', message: 'x' } } }),
    );
    await first.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('menuitem', { name: 'Important' }).click();
    await expect(page.getByText('Failed to add reaction', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to update reaction. Please try again.')).toBeVisible();
    await expect(first.getByTestId('reaction-important')).toHaveCount(0);
    await page.unroute(reactionUrl);
    await first.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('menuitem', { name: 'Important' }).click();
    await expect(first.getByTestId('reaction-important')).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await api.list(card.id))[0]?.reactions)
      .toEqual({ [priya.id]: 'important' });
    await page.route(reactionUrl, (route) =>
      route.fulfill({ status: 500, json: { success: false, error: { code: 'INTERNAL', message: 'x' } } }),
    );
    await first.getByTestId('reaction-important').click();
    await expect(page.getByText('Failed to remove reaction', { exact: true })).toBeVisible();
    await expect(first.getByTestId('reaction-important')).toHaveAttribute('aria-pressed', 'true');
    await page.unroute(reactionUrl);

    // Edit: the box 'Edit Comment', then '(edited)'.
    await reply.getByRole('button', { name: 'Edit' }).click();
    const editBox = page.getByRole('region', { name: 'Edit Comment' });
    await editBox.getByRole('combobox', { name: 'Edit Comment' }).fill('A reply, reworded');
    await editBox.getByRole('button', { name: 'Update Comment' }).click();
    await expect(page.getByText('Comment updated', { exact: true })).toBeVisible();
    const edited = commentBox(page, 'A reply, reworded');
    await expect(edited).toContainText('(edited)');

    // Delete the first comment: its reply keeps its place under the placeholder.
    await first.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-comment-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Comment deleted', { exact: true })).toBeVisible();
    await expect(page.getByText('This comment was deleted')).toBeVisible();
    await expect(commentBox(page, 'First line')).toHaveCount(0);
    await expect(edited).toBeVisible();

    // Then the reply itself goes, and with it the placeholder.
    await edited.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('This comment was deleted')).toHaveCount(0);
    await expect(page.getByText('No comments yet.')).toBeVisible();
  });

  test('an unsent comment survives a reload', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment draft kept' });
    await openCard(page, card.id);
    await composer(page).fill('Half a thought');
    await page.reload();
    await expect(composer(page)).toHaveValue('Half a thought');
  });

  test('a failed load offers Retry; a failed send keeps the text', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment failures' });
    const thread = `**/api/cards/${card.id}/comments`;
    await page.route(thread, (route) =>
      route.fulfill({
        status: 500,
        json: { success: false, error: { code: 'INTERNAL', message: 'The server failed' } },
      }),
    );
    await page.goto(`/card/${card.id}`);
    await expect(page.getByText('Failed to load comments')).toBeVisible({ timeout: 20_000 });
    await page.unroute(thread);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No comments yet.')).toBeVisible();

    // The server refuses the post: the toast says so and the words stay in the box to send again.
    await page.route(thread, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            json: { success: false, error: { code: 'INTERNAL', message: 'The server failed' } },
          })
        : route.fallback(),
    );
    await composer(page).fill('Worth keeping');
    await composer(page).press('Enter');
    await expect(page.getByText('Failed to add comment. Please try again.')).toBeVisible();
    await expect(composer(page)).toHaveValue('Worth keeping');
    await page.unroute(thread);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(commentBox(page, 'Worth keeping')).toBeVisible();
    await expect(composer(page)).toHaveValue('');
  });

  test('only the author sees Edit and Delete; another person sees the comment live', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment authorship' });
    const api = await commentsApi(page.request);
    await api.post(card.id, {
      content: 'Written by Priya',
      type: 'general',
      isInternal: false,
      mentions: [],
    });

    const lee = await openAs(browser, demoUsers.teamLead, `/card/${card.id}`);
    try {
      await openCard(lee.page, card.id);
      const theirs = commentBox(lee.page, 'Written by Priya');
      await expect(theirs).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Reply' })).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      // Priya's next comment reaches Lee's open page through the live feed, without a reload.
      await api.post(card.id, {
        content: 'Posted while Lee watches',
        type: 'general',
        isInternal: false,
        mentions: [],
      });
      await expect(commentBox(lee.page, 'Posted while Lee watches')).toBeVisible();

      // Lee's own comment is his to edit.
      await composer(lee.page).fill('Lee answers');
      await composer(lee.page).press('Enter');
      const his = commentBox(lee.page, 'Lee answers');
      await expect(his.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(his.getByRole('button', { name: 'Delete' })).toBeVisible();
    } finally {
      await lee.context.close();
    }
  });

  test('attach a PDF and download it; a renamed executable is refused', async ({ page, signIn }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment attachments' });
    await openCard(page, card.id);

    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    await page.getByTestId('comment-file-input').setInputFiles({
      name: 'file.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(page.getByText('Attachment added', { exact: true })).toBeVisible();
    const system = commentBox(page, 'Attached file.pdf');
    await expect(system.getByTestId('comment-type')).toHaveText('System');
    await expect(page.getByTestId('attachment').filter({ hasText: 'file.pdf' })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      system.getByRole('link', { name: 'Download file.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('file.pdf');
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), pdf)).toBe(0);

    // A PDF named invoice.hta is stored, announced and offered back as invoice.pdf.
    await page.getByTestId('comment-file-input').setInputFiles({
      name: 'invoice.hta',
      mimeType: 'application/hta',
      buffer: pdf,
    });
    const renamed = commentBox(page, 'Attached invoice.pdf');
    await expect(renamed).toBeVisible();
    await expect(page.getByText('invoice.hta')).toHaveCount(0);
    const [offered] = await Promise.all([
      page.waitForEvent('download'),
      renamed.getByRole('link', { name: 'Download invoice.pdf' }).click(),
    ]);
    expect(offered.suggestedFilename()).toBe('invoice.pdf');

    // An executable named report.pdf: the server reads the content, not the name.
    await page.getByTestId('comment-file-input').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]),
    });
    await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Only PDF, DOC and DOCX files can be attached')).toBeVisible();
    await expect(commentBox(page, 'Attached report.pdf')).toHaveCount(0);

    // Over the 10 MB limit: refused in the browser before anything is sent.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/files')) uploads.push(request.url());
    });
    await page.getByTestId('comment-file-input').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.alloc(10 * 1_048_576)]),
    });
    await expect(page.getByText('The file is larger than the 10 MB limit')).toBeVisible();
    expect(uploads).toEqual([]);
  });

  test('a family guardian never sees an internal comment', async ({ page, signIn, browser }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithSharedPlan(page);
    await openCard(page, card.id);

    await composer(page).fill('Staff only: review the restrictive practice');
    await page.getByRole('switch', { name: 'Internal' }).click();
    await composer(page).press('Enter');
    await expect(commentBox(page, 'Staff only')).toContainText('Internal');
    // About one of the plan's fields: 'Re: {field}'.
    const re = page.getByLabel('Re:');
    await re.selectOption({ index: 1 });
    const fieldName = (await re.locator('option:checked').textContent()) ?? '';
    await composer(page).fill('Hello Fiona, the plan is on its way');
    await composer(page).press('Enter');
    await expect(commentBox(page, 'Hello Fiona')).toBeVisible();
    await expect(commentBox(page, 'Hello Fiona')).toContainText(`Re: ${fieldName}`);
    await expect(commentBox(page, 'Hello Fiona')).not.toContainText('Internal');

    const fiona = await openAs(browser, demoUsers.familyGuardian, `/card/${card.id}`);
    try {
      await openCard(fiona.page, card.id);
      await expect(commentBox(fiona.page, 'Hello Fiona')).toBeVisible();
      await expect(fiona.page.getByText('Staff only')).toHaveCount(0);
      // Her composer has no Internal switch; the server would refuse one anyway.
      await expect(composer(fiona.page)).toBeVisible();
      await expect(fiona.page.getByRole('switch', { name: 'Internal' })).toHaveCount(0);
      // She reads the shared plan; exporting it, like editing it, stays with the team's staff.
      await expect(fiona.page.getByRole('button', { name: 'Export PDF' })).toHaveCount(0);
      await expect(fiona.page.getByText('Audit Trail')).toHaveCount(0);
      await expect(fiona.page.getByText('Card not found')).toHaveCount(0);
      const seen = await (await commentsApi(fiona.page.request)).list(card.id);
      expect(seen.map((comment) => comment.content)).toEqual(['Hello Fiona, the plan is on its way']);
    } finally {
      await fiona.context.close();
    }
  });

  test('a mention notifies the person mentioned', async ({ page, signIn, browser }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Comment mentions Lee' });
    await openCard(page, card.id);

    const box = composer(page);
    const list = page.getByRole('listbox', { name: 'People to mention' });
    // '@' lists the team; the arrows move the choice, Escape closes the list and keeps the text.
    // The box is a combobox that says whether its list is open, which list, and which person is active.
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    const listId = await box.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    await box.pressSequentially('@');
    await expect(list.getByRole('option')).not.toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toHaveAttribute('id', listId ?? '');
    const options = list.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.first().getAttribute('id')) ?? '',
    );
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(1).getAttribute('id')) ?? '',
    );
    await box.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue('@');
    await box.fill('');

    await box.pressSequentially('Please check this @lee');
    await expect(list.getByRole('option', { name: /Lee Lead/ })).toBeVisible();
    await box.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(box).toHaveValue('Please check this @Lee Lead ');
    await box.pressSequentially('today');
    await box.press('Enter');
    await expect(page.getByText('Comment added', { exact: true })).toBeVisible();

    const [posted] = await (await commentsApi(page.request)).list(card.id);
    expect(posted?.content).toBe('Please check this @Lee Lead today');
    expect(posted?.mentions).toHaveLength(1);

    const lee = await openAs(browser, demoUsers.teamLead, '/inbox');
    try {
      const headers = { 'X-Tenant-Id': await sunriseIdOf(lee.page.request) };
      const inbox = (
        (await (await lee.page.request.get('/api/notifications', { headers })).json()) as {
          data: Notification[];
        }
      ).data;
      expect(inbox.map((notification) => notification.message)).toContainEqual(
        expect.stringContaining(`Priya Practitioner mentioned you on ${card.workItemId}`),
      );
      await expect(
        lee.page.getByText(`Priya Practitioner mentioned you on ${card.workItemId}`),
      ).toBeVisible();
      expect(inbox.find((n) => n.message.includes(card.workItemId))?.cardId).toBe(card.id);
      // The notification links to the card; following it opens the card and reads the notification.
      const item = lee.page.getByTestId('notification').filter({ hasText: card.workItemId });
      await item.getByRole('link', { name: /^Open card/ }).click();
      await expect(lee.page).toHaveURL(new RegExp(`/card/${card.id}$`));
      await expect(commentBox(lee.page, 'Please check this @Lee Lead today')).toBeVisible();
      await expect
        .poll(async () => {
          const list = (
            (await (await lee.page.request.get('/api/notifications', { headers })).json()) as {
              data: Notification[];
            }
          ).data;
          return list.find((n) => n.cardId === card.id)?.read;
        })
        .toBe(true);
    } finally {
      await lee.context.close();
    }
  });
  test('a draft comes back as it was meant: internal, a reply, its type and field; sign-out forgets it', async ({
    page,
    signIn,
  }) => {
    // Two reloads and a sign-out: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const priya = await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, {
      title: 'Draft of an internal reply',
      templateId: 'interim-bsp',
    });
    const api = await commentsApi(page.request);
    const staff = await api.post(card.id, {
      content: 'Staff thread about restrictive practice',
      type: 'general',
      isInternal: true,
      mentions: [],
    });
    await openCard(page, card.id);

    // A reply to the internal comment, of type Review, about a field of the plan.
    await commentBox(page, 'Staff thread').getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Type').selectOption('review');
    const re = page.getByLabel('Re:');
    await re.selectOption({ index: 1 });
    const fieldId = await re.inputValue();
    await composer(page).fill('Only for staff: the review is due');
    const tenantId = await sunriseIdOf(page.request);
    await expect
      .poll(() => draftKeys(page))
      .toEqual([`wattle.commentDraft.${priya.id}.${tenantId}.${card.id}`]);

    await page.reload();
    await expect(composer(page)).toHaveValue('Only for staff: the review is due');
    await expect(page.getByText('Replying to comment')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Internal' })).toBeChecked();
    await expect(page.getByLabel('Type')).toHaveValue('review');
    await expect(page.getByLabel('Re:')).toHaveValue(fieldId);

    // The comment it answered is deleted meanwhile: the draft goes on as a comment of its own, still internal.
    const deleted = await page.request.delete(`/api/cards/${card.id}/comments/${staff.id}`, {
      headers: api.headers,
    });
    expect(deleted.status()).toBe(204);
    await page.reload();
    await expect(composer(page)).toHaveValue('Only for staff: the review is due');
    await expect(page.getByText('Replying to comment')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Internal' })).toBeChecked();
    // Its field is shown (and sent) once the plan's fields have loaded.
    await expect(page.getByLabel('Re:')).toHaveValue(fieldId);
    // The draft's reply is settled once the thread has loaded (the plan's fields may come first):
    // until then Send waits, and Enter with it.
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
    await composer(page).press('Enter');
    await expect(page.getByText('Comment added', { exact: true })).toBeVisible();
    const posted = (await api.list(card.id)).find((c) => c.content === 'Only for staff: the review is due');
    expect(posted).toMatchObject({ isInternal: true, parentCommentId: null, type: 'review' });
    expect(posted?.metadata.fieldId).toBe(fieldId);
    await expect.poll(() => draftKeys(page)).toEqual([]);

    // Another draft, then sign-out: nothing of it stays in the browser.
    await composer(page).fill('Left unsent');
    await expect.poll(() => draftKeys(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Forgotten as the sign-in page opens (the page with the comment box has gone by then).
    await expect.poll(() => draftKeys(page)).toEqual([]);
  });

  test("Internal drops mentions of people who cannot read it; a refusal shows the server's reason", async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.practitioner);
    // A plan shared with family, so Fiona (a family guardian) can read its open comments.
    const { card } = await sunriseWithSharedPlan(page);
    await openCard(page, card.id);
    const box = composer(page);
    const list = page.getByRole('listbox', { name: 'People to mention' });
    const notice = page.getByTestId('composer-notice');

    await box.pressSequentially('Hello @fio');
    await list.getByRole('option', { name: /Fiona Family/ }).click();
    await box.pressSequentially('and @lee');
    await list.getByRole('option', { name: /Lee Lead/ }).click();
    await expect(box).toHaveValue('Hello @Fiona Family and @Lee Lead ');

    // Internal on: Fiona (a family guardian) cannot read it and is taken out, politely said.
    const internal = page.getByRole('switch', { name: 'Internal' });
    await internal.click();
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toHaveText('Fiona Family cannot read internal comments and will not be mentioned.');
    // Off again: she is back; on again: out again.
    await internal.click();
    await expect(notice).toHaveText('');
    await internal.click();
    await expect(notice).toHaveText('Fiona Family cannot read internal comments and will not be mentioned.');

    // Had she been sent anyway, the server's refusal would be shown word for word.
    const fiona = (
      (await (
        await page.request.get(`/api/cards/${card.id}/mentionable`, {
          headers: { 'X-Tenant-Id': await sunriseIdOf(page.request) },
        })
      ).json()) as { data: { userId: string; name: string }[] }
    ).data.find((person) => person.name === 'Fiona Family');
    const thread = `**/api/cards/${card.id}/comments`;
    await page.route(thread, (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      const body = request.postDataJSON() as { mentions: string[] };
      return route.continue({
        postData: JSON.stringify({ ...body, mentions: [...body.mentions, fiona?.userId] }),
      });
    });
    await box.press('Enter');
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Fiona Family cannot read internal comments, so cannot be mentioned in one'),
    ).toBeVisible();
    await expect(page.getByText('Failed to add comment. Please try again.')).toHaveCount(0);
    await expect(box).toHaveValue('Hello @Fiona Family and @Lee Lead ');
    await page.unroute(thread);

    await box.press('Enter');
    await expect(page.getByText('Comment added', { exact: true })).toBeVisible();
    const [posted] = await (await commentsApi(page.request)).list(card.id);
    expect(posted?.isInternal).toBe(true);
    expect(posted?.mentions).toHaveLength(1);
    expect(posted?.mentions).not.toContain(fiona?.userId);
  });

  test('an edit can mention someone new with the same @ list, who is notified', async ({
    page,
    signIn,
    browser,
  }) => {
    await signIn(demoUsers.practitioner);
    const { card } = await sunriseWithNewCard(page, { title: 'Edit adds a mention' });
    const api = await commentsApi(page.request);
    await api.post(card.id, {
      content: 'Roster needs a look',
      type: 'general',
      isInternal: false,
      mentions: [],
    });
    await openCard(page, card.id);

    await commentBox(page, 'Roster needs a look').getByRole('button', { name: 'Edit' }).click();
    const editBox = page.getByRole('region', { name: 'Edit Comment' });
    const text = editBox.getByRole('combobox', { name: 'Edit Comment' });
    await expect(text).toBeFocused();
    await text.press('End');
    await text.pressSequentially(' @sop');
    const list = editBox.getByRole('listbox', { name: 'People to mention' });
    await expect(list.getByRole('option', { name: /Sophie Support/ })).toBeVisible();
    await expect(text).toHaveAttribute('aria-expanded', 'true');
    await text.press('Enter');
    await expect(text).toHaveValue('Roster needs a look @Sophie Support ');
    await editBox.getByRole('button', { name: 'Update Comment' }).click();
    await expect(page.getByText('Comment updated', { exact: true })).toBeVisible();
    const [edited] = await api.list(card.id);
    expect(edited?.mentions).toHaveLength(1);

    const sophie = await openAs(browser, demoUsers.supportWorker, '/inbox');
    try {
      const item = sophie.page.getByTestId('notification').filter({ hasText: card.workItemId });
      await expect(item).toContainText(`Priya Practitioner mentioned you on ${card.workItemId}`);
      await expect(item.getByRole('link', { name: /^Open card/ })).toHaveAttribute(
        'href',
        `/card/${card.id}`,
      );
    } finally {
      await sophie.context.close();
    }
  });
});
