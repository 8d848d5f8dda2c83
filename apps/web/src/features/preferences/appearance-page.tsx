import { useQuery } from '@tanstack/react-query';
import {
  type AccessibilityPreferences,
  type FontSize,
  fontSizePixels,
  fontSizes,
  isFontSize,
} from '@wattle/domain/preferences/rules';
import { type ReactNode, useId } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Kbd } from '@/ui/kbd';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { Switch } from '@/ui/switch';
import { useSystemPrefersReducedMotion } from './accessibility-preferences';
import { accessibilityPreferencesQueryOptions, useUpdateAccessibilityPreferences } from './api';

const fontSizeLabels: Record<FontSize, string> = {
  'extra-small': 'Extra small',
  small: 'Small',
  normal: 'Normal',
  large: 'Large',
  'extra-large': 'Extra large',
};

function SwitchRow({
  label,
  description,
  note,
  checked,
  onCheckedChange,
}: {
  label: string;
  description: string;
  note?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </p>
        {note ? <p className="text-muted-foreground text-sm">{note}</p> : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

function PreferencesForm({ preferences }: { preferences: AccessibilityPreferences }) {
  const update = useUpdateAccessibilityPreferences();
  const systemPrefersReducedMotion = useSystemPrefersReducedMotion();
  const fontSizeHeadingId = useId();

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Display</CardTitle>
          <CardDescription>
            Saved to your account as soon as you change them, and applied wherever you sign in.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col divide-y">
          <SwitchRow
            label="High contrast"
            description="Black text, darker borders and stronger colours throughout Wattle."
            checked={preferences.highContrastMode}
            onCheckedChange={(checked) => update.mutate({ highContrastMode: checked })}
          />
          <SwitchRow
            label="Reduce motion"
            description="Turns off animations and transitions."
            note={
              systemPrefersReducedMotion
                ? 'Your device already asks for reduced motion, so Wattle reduces it whatever this switch says.'
                : undefined
            }
            checked={preferences.reducedMotion}
            onCheckedChange={(checked) => update.mutate({ reducedMotion: checked })}
          />
          <fieldset className="flex flex-col gap-3 pt-4">
            <legend id={fontSizeHeadingId} className="font-medium text-sm">
              Text size
            </legend>
            <RadioGroup
              aria-labelledby={fontSizeHeadingId}
              value={preferences.fontSize}
              onValueChange={(value) => {
                if (isFontSize(value)) update.mutate({ fontSize: value });
              }}
              className="gap-2"
            >
              {fontSizes.map((size) => {
                const id = `${fontSizeHeadingId}-${size}`;
                return (
                  <div key={size} className="flex items-center gap-3">
                    <RadioGroupItem value={size} id={id} />
                    <Label htmlFor={id} className="font-normal">
                      {fontSizeLabels[size]}
                      <span className="text-muted-foreground">({fontSizePixels[size]} px)</span>
                    </Label>
                  </div>
                );
              })}
            </RadioGroup>
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Keyboard navigation</CardTitle>
          <CardDescription>
            Press <Kbd>Tab</Kbd> to move between controls: a strong outline shows where you are. It hides
            shortly after you use the mouse.
          </CardDescription>
        </CardHeader>
      </Card>
    </>
  );
}

/** /settings/appearance: the accessibility preferences of spec shell section 2. */
export function AppearancePage() {
  useDocumentTitle('Appearance');
  const preferences = useQuery(accessibilityPreferencesQueryOptions());

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Appearance</h1>
        <p className="mt-1 text-muted-foreground text-sm">Contrast, motion and text size.</p>
      </div>
      {preferences.isPending ? (
        <LoadingStatus>Loading...</LoadingStatus>
      ) : preferences.isError ? (
        <LoadError
          title="Could not load your appearance settings"
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <PreferencesForm preferences={preferences.data} />
      )}
    </div>
  );
}
