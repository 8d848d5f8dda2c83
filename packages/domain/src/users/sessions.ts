import { z } from 'zod';

/** One of the signed-in person's sessions, as the Security settings list them (GET /api/me/sessions). */
export const MySessionSchema = z.object({
  id: z.uuid(),
  /** The browser and system in plain words ("Chrome on Windows"), from the user agent. */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Last recorded activity; written at most once a minute. */
  lastSeenAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The session making this request ("this device"). */
  isCurrent: z.boolean(),
});
export type MySession = z.infer<typeof MySessionSchema>;

/** DELETE /api/me/sessions: how many other sessions were signed out. */
export const SignedOutSessionsSchema = z.object({ signedOut: z.number().int().nonnegative() });

const browsers: readonly [RegExp, string][] = [
  [/\bEdgA?\/|\bEdg\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\bnode(-fetch)?\b|\bundici\b/i, 'a script'],
];

const systems: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A user agent in plain words: "Chrome on Windows", "Safari on iPhone", "Firefox" (system unknown),
 * or "Unknown device". Only what people recognise; versions are left out.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
