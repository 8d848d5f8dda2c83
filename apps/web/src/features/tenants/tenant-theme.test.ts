import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, tenantThemeProperties } from './tenant-theme';

const settings = (whiteLabel: boolean, primaryColor: string) => ({ whiteLabel, primaryColor });

describe('tenant theme', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ea580c', '#ffffff')).toBeCloseTo(3.56, 2);
  });

  it('keeps white text on dark colours and uses dark text where white would fail AA', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#ea580c')).toBe('#0f172a');
    expect(readableTextOn('#fde047')).toBe('#0f172a');
  });

  it('themes white-label tenants only', () => {
    expect(tenantThemeProperties(settings(true, '#EA580C'))).toMatchObject({
      '--primary': '#ea580c',
      '--primary-foreground': '#0f172a',
      '--ring': '#ea580c',
    });
    expect(tenantThemeProperties(settings(false, '#ea580c'))).toBeNull();
    expect(tenantThemeProperties(null)).toBeNull();
  });
});
