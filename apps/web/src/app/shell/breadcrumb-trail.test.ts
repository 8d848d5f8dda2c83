import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, titleCase } from './breadcrumb-trail';

const labels = (path: string, teamName?: (slug: string) => string | undefined) =>
  breadcrumbTrail(path, { teamName }).map((crumb) => crumb.label);

describe('breadcrumbTrail', () => {
  it('uses the spec’s labels', () => {
    expect(labels('/behavior-analytics')).toEqual(['Behaviour Analytics']);
    expect(labels('/audit-packs')).toEqual(['Audit Packs']);
    expect(labels('/dashboard')).toEqual(['Dashboard']);
  });

  it('names the settings pages as the spec does', () => {
    expect(labels('/settings/user')).toEqual(['Settings', 'User Settings']);
    expect(labels('/settings/tenant')).toEqual(['Settings', 'Tenant Settings']);
    expect(labels('/settings/system')).toEqual(['Settings', 'System Settings']);
    expect(labels('/settings/teams')).toEqual(['Settings', 'Team Management']);
    expect(labels('/settings/team-config')).toEqual(['Settings', 'Team Configuration']);
    expect(labels('/settings/global')).toEqual(['Settings', 'Global Settings']);
    expect(labels('/settings/user/rates')).toEqual(['Settings', 'User Settings', 'Rates']);
  });

  it('title-cases other segments', () => {
    expect(labels('/inbox')).toEqual(['Inbox']);
    expect(titleCase('work-board')).toBe('Work Board');
  });

  it('shows team names for team slugs, and the slug while the team is unknown', () => {
    const teamName = (slug: string) => (slug === 'mia-x1' ? "Mia's Care Team" : undefined);
    expect(labels('/my-teams/mia-x1/work-board', teamName)).toEqual([
      'My Teams',
      "Mia's Care Team",
      'Work Board',
    ]);
    expect(labels('/my-teams/other/list', teamName)).toEqual(['My Teams', 'other', 'List']);
  });

  it('names a participant by their name once loaded, never by their id', () => {
    const participantName = (id: string) => (id === 'p-1' ? 'Jordan Lee' : undefined);
    const trail = (path: string) => breadcrumbTrail(path, { participantName }).map((crumb) => crumb.label);
    expect(trail('/participants/p-1')).toEqual(['Participants', 'Jordan Lee']);
    expect(trail('/participants/p-1/edit')).toEqual(['Participants', 'Jordan Lee', 'Edit']);
    expect(trail('/participants/p-2')).toEqual(['Participants', 'Participant']);
    expect(trail('/participants/new')).toEqual(['Participants', 'New']);
  });

  it('links pages, not grouping segments or the current page', () => {
    expect(breadcrumbTrail('/my-teams/mia/work-board')).toEqual([
      { path: '/my-teams', label: 'My Teams', href: null },
      { path: '/my-teams/mia', label: 'mia', href: '/my-teams/mia' },
      { path: '/my-teams/mia/work-board', label: 'Work Board', href: null },
    ]);
    expect(breadcrumbTrail('/settings/user')).toEqual([
      { path: '/settings', label: 'Settings', href: '/settings' },
      { path: '/settings/user', label: 'User Settings', href: null },
    ]);
  });

  it("names a behaviour support plan by its title once loaded, 'Plan' until then", () => {
    expect(labels('/my-teams/jordan/bsp/0193bb').slice(-2)).toEqual(['Behaviour Support Plans', 'Plan']);
    expect(
      breadcrumbTrail('/my-teams/jordan/bsp/0193bb/edit', {
        planTitle: (id) => (id === '0193bb' ? 'Interim Behaviour Support Plan: Jordan Lee' : undefined),
      })
        .map((c) => c.label)
        .slice(-2),
    ).toEqual(['Interim Behaviour Support Plan: Jordan Lee', 'Edit']);
  });

  it('keeps ids as they are and hides the /t/{x} routing prefix', () => {
    expect(labels('/card/SUN-00042')).toEqual(['Work Items', 'SUN-00042']);
    expect(labels('/t/sunrise/card/SUN-00042')).toEqual(['Work Items', 'SUN-00042']);
    expect(
      breadcrumbTrail('/card/0193', {
        cardLabel: (id) => (id === '0193' ? 'SUN-00042 Book OT review' : undefined),
      }).map((c) => c.label),
    ).toEqual(['Work Items', 'SUN-00042 Book OT review']);
    expect(breadcrumbTrail('/t/sunrise/card/SUN-00042')[0]).toMatchObject({
      label: 'Work Items',
      href: null,
    });
    expect(labels('/invoices/new')).toEqual(['Invoices', 'New']);
    expect(labels('/invoices/0193aa')).toEqual(['Invoices', 'Invoice']);
    expect(
      breadcrumbTrail('/invoices/0193aa', {
        invoiceNumber: (id) => (id === '0193aa' ? 'INV-00042' : undefined),
      }).map((crumb) => crumb.label),
    ).toEqual(['Invoices', 'INV-00042']);
    expect(labels('/my/invoices')).toEqual(['My Invoices']);
  });
});
