import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * Validation messages in plain words, naming the field and the limit (issue 18: "Too big: expected
 * string to have <=120 characters" becomes "Title must be 120 characters or fewer."). Installed once
 * as zod's global error map by the server and the web app (`installPlainValidationMessages`), so every
 * schema speaks the same way; a schema's own message (the ABN check's, an end time's) still wins, as
 * zod ranks a schema's message above the global one.
 */

type RawIssue = $ZodRawIssue;

/** Words a field name holds that are written in capitals wherever they appear. */
const acronyms = new Set(['abn', 'bsb', 'gst', 'id', 'ip', 'ndis', 'ndia', 'pdf', 'csv', 'url', 'api']);

/** "dueDate" → "Due date", "ndis_number" → "NDIS number": the field as a sentence starts it. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  if (!name) return 'This value';
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => (acronyms.has(word) ? word.toUpperCase() : word))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const formats: Record<string, string> = {
  email: 'an e-mail address',
  uuid: 'a valid id',
  guid: 'a valid id',
  url: 'a web address',
  date: 'a date (yyyy-mm-dd)',
  datetime: 'a date and time',
  time: 'a time (hh:mm)',
  ipv4: 'an IP address',
  ipv6: 'an IP address',
};

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The message for one issue, or undefined to keep zod's own (codes not listed here). */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      const exclusive = issue.inclusive === false;
      if (issue.origin === 'string')
        return `${field} must be ${plural(exclusive ? max - 1 : max, 'character')} or fewer.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} can hold at most ${plural(exclusive ? max - 1 : max, 'item')}.`;
      return exclusive ? `${field} must be less than ${max}.` : `${field} must be at most ${max}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      const exclusive = issue.inclusive === false;
      if (issue.origin === 'string') {
        return min <= 1 && !exclusive
          ? `${field} is required.`
          : `${field} must be at least ${plural(exclusive ? min + 1 : min, 'character')}.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} needs at least ${plural(exclusive ? min + 1 : min, 'item')}.`;
      return exclusive ? `${field} must be more than ${min}.` : `${field} must be at least ${min}.`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${typeWords[String(issue.expected)] ?? String(issue.expected)}.`;
    case 'invalid_format':
      if (issue.format === 'regex') return `${field} is not in the expected form.`;
      return `${field} must be ${formats[String(issue.format)] ?? `in ${String(issue.format)} form`}.`;
    case 'invalid_value': {
      const values = (issue.values ?? []).map(String);
      return values.length === 1
        ? `${field} must be ${values[0]}.`
        : `${field} must be one of: ${values.join(', ')}.`;
    }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map(String);
      return `${keys.length === 1 ? 'This field is' : 'These fields are'} not accepted here: ${keys.join(', ')}.`;
    }
    default:
      return undefined;
  }
}

/**
 * Makes the plain messages zod's global error map (once per process or page). zod keeps its global
 * configuration in `globalThis.__zod_globalConfig` (what `z.config` merges into; zod/v4/core/core.js),
 * so it is set there without loading zod: a page of the web app that parses nothing with zod does not
 * fetch it (issue 19). Set before zod loads, zod takes this object as its own; set after, it is the
 * same object. The tests beside this check that zod reads it.
 */
export function installPlainValidationMessages(): void {
  const scope = globalThis as { __zod_globalConfig?: { customError?: unknown } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.customError = plainIssueMessage;
}
