import { aliasedTable, sql } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';

/** The card's assignee, joined by the search queries for their name. */
export const assignee = aliasedTable(users, 'assignee');

/** The description as a result shows it: its first 200 characters. */
const descriptionLength = 200;

/**
 * The columns of a search result's row, read by the search of cards and by the search of the plans
 * shared with family alike, so both give the same rows (with the tenant's time zone: the day a result
 * was created is the day there). The queries join `tenants` and left-join `assignee`.
 */
export const searchResultColumns = {
  id: cards.id,
  number: cards.number,
  workItemPrefix: cards.workItemPrefix,
  teamId: cards.teamId,
  title: cards.title,
  description: sql<string>`left(${cards.description}, ${sql.raw(String(descriptionLength))})`,
  assigneeId: cards.assigneeId,
  assigneeName: assignee.name,
  dueDate: cards.dueDate,
  createdAt: cards.createdAt,
  updatedAt: cards.updatedAt,
  timeZone: tenants.timeZone,
};
