import type { TenantSettings } from '@wattle/domain/tenants/schemas';

/**
 * White-label colour (spec shell section 4): a tenant with `settings.whiteLabel` paints the app's
 * primary colour with its `primaryColor`; every other tenant gets the stylesheet's default. Text on the
 * primary colour is white or near-black, whichever reads better, so buttons keep WCAG AA contrast
 * whatever colour a tenant picks (white on Sunrise's #ea580c would be 3.6:1; dark text is 5:1).
 */

const darkText = '#0f172a';
const lightText = '#ffffff';
const minimumTextContrast = 4.5;
const themedProperties = [
  '--primary',
  '--primary-hover',
  '--primary-foreground',
  '--ring',
  '--brand',
] as const;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((value >> 16) & 0xff) +
    0.7152 * channel((value >> 8) & 0xff) +
    0.0722 * channel(value & 0xff)
  );
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** White text when it meets AA on the colour, else whichever of white and near-black contrasts more. */
export function readableTextOn(hex: string): string {
  const onWhite = contrastRatio(hex, lightText);
  if (onWhite >= minimumTextContrast) return lightText;
  return contrastRatio(hex, darkText) > onWhite ? darkText : lightText;
}

/** The CSS custom properties a tenant sets, or null for the default look. */
type ThemeSettings = Pick<TenantSettings, 'whiteLabel' | 'primaryColor'>;

export function tenantThemeProperties(
  settings: ThemeSettings | null | undefined,
): Record<(typeof themedProperties)[number], string> | null {
  if (!settings?.whiteLabel || !/^#[0-9a-f]{6}$/i.test(settings.primaryColor)) return null;
  const color = settings.primaryColor.toLowerCase();
  return {
    '--primary': color,
    '--primary-hover': `color-mix(in srgb, ${color} 85%, black)`,
    '--primary-foreground': readableTextOn(color),
    '--ring': color,
    '--brand': color,
  };
}

/** Applies the tenant's colours to the whole document, or restores the default ones. */
export function applyTenantTheme(settings: ThemeSettings | null | undefined): void {
  const style = document.documentElement.style;
  const properties = tenantThemeProperties(settings);
  for (const property of themedProperties) {
    if (properties) style.setProperty(property, properties[property]);
    else style.removeProperty(property);
  }
}
