import { cardStates, cardStatuses, cardTypes, priorities } from './constants';
import type { WorkItem } from './schemas';

/**
 * True for a work item in this version's shape (`WorkItemSchema`): the board's saved offline copy is
 * checked with it. A plain guard, free of zod, because the board does not otherwise need zod and
 * the team views' first load stays small (as `isSearchResultItem` for the header's search box;
 * docs/performance.md "Web bundle"). It checks each field's kind and the closed lists; the server
 * wrote every item it reads, so formats (uuid, dates) are taken as they are.
 */
export function isWorkItem(value: unknown): value is WorkItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    isText(item.id) &&
    isText(item.teamId) &&
    isText(item.workItemId) &&
    workItemIdPattern.test(item.workItemId) &&
    isOneOf(cardTypes, item.type) &&
    isTextOrNull(item.templateName) &&
    isText(item.title) &&
    isTextOrNull(item.participantId) &&
    isTextOrNull(item.assigneeId) &&
    isTextOrNull(item.assigneeName) &&
    isOneOf(cardStatuses, item.status) &&
    isOneOf(cardStates, item.state) &&
    isTextOrNull(item.workflowStateId) &&
    typeof item.boardPosition === 'number' &&
    Number.isFinite(item.boardPosition) &&
    isOneOf(priorities, item.priority) &&
    isTextOrNull(item.startDate) &&
    isTextOrNull(item.dueDate) &&
    Array.isArray(item.tags) &&
    item.tags.every(isText) &&
    Number.isInteger(item.version) &&
    (item.version as number) > 0 &&
    isText(item.createdAt) &&
    isText(item.updatedAt) &&
    typeof item.isCompliant === 'boolean' &&
    Number.isInteger(item.completion) &&
    (item.completion as number) >= 0 &&
    (item.completion as number) <= 100
  );
}

const workItemIdPattern = /^[A-Z]{3}-\d{5,}$/;
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isOneOf = (list: readonly string[], v: unknown): boolean => typeof v === 'string' && list.includes(v);
