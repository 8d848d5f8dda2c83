import type { ChangeEvent } from '@wattle/domain/events/rules';
import { describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeMessage } from './change-feed';

const sunrise = '01900000-0000-7000-8000-000000000001';
const bluegum = '01900000-0000-7000-8000-000000000002';
const priya = '01900000-0000-7000-8000-00000000000a';
const ben = '01900000-0000-7000-8000-00000000000b';

function stream(feed: ChangeFeed, tenantId: string, userId: string): ChangeEvent[] {
  const heard: ChangeEvent[] = [];
  feed.subscribe({ tenantId, userId, send: (event) => heard.push(event) });
  return heard;
}

const notification = (tenantId: string, userId: string): ChangeMessage => ({
  tenantId,
  userId,
  event: {
    type: 'created',
    entity: 'notification',
    id: '01900000-0000-7000-8000-0000000000ff',
    version: null,
  },
});

describe('the change feed across a person’s organisations', () => {
  it('tells the person’s streams in their other organisations only which one their notifications changed in', () => {
    const feed = new ChangeFeed();
    const priyaInSunrise = stream(feed, sunrise, priya);
    const priyaInBluegum = stream(feed, bluegum, priya);
    const benInBluegum = stream(feed, bluegum, ben);
    feed.dispatch(JSON.stringify(notification(sunrise, priya)));
    expect(priyaInSunrise.map((e) => e.entity)).toEqual(['notification']);
    expect(priyaInBluegum).toEqual([
      { type: 'updated', entity: 'tenant-unread', id: sunrise, version: null },
    ]);
    // Nobody else hears of it, in either organisation.
    expect(benInBluegum).toEqual([]);
  });

  it('sends nothing across organisations for changes that are not a person’s notifications', () => {
    const feed = new ChangeFeed();
    const priyaInBluegum = stream(feed, bluegum, priya);
    feed.dispatch(
      JSON.stringify({
        tenantId: sunrise,
        userId: null,
        event: { type: 'updated', entity: 'card', id: '*', version: null },
      }),
    );
    feed.dispatch(
      JSON.stringify({
        tenantId: sunrise,
        userId: priya,
        event: { type: 'updated', entity: 'favorite', id: '*', version: null },
      }),
    );
    expect(priyaInBluegum).toEqual([]);
  });
});
