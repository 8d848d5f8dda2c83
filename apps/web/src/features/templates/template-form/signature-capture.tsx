import type { SignatureValue } from '@wattle/domain/templates/schemas';
import { sameName, signerLabels } from '@wattle/domain/templates/signatures';
import { EraserIcon, PenLineIcon } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { lazyModule } from '@/ui/lazy-module';
import { type SignatureFieldProps, scriptFont } from './signature-field';
import type { Signer } from './use-signer';

/**
 * Signing a signature field (`signature-field.tsx` says what a signature holds): draw it, or type
 * it, in the signer's name. Loaded when a field offers it.
 */

/** The schema's limit on a drawn signature's data URL. */
const maxImageLength = 280_000;

const signaturePadModule = lazyModule(() => import('signature_pad'));
const padOptions = { penColor: '#0f172a', backgroundColor: 'rgba(255,255,255,0)' };

export function SignatureCapture({
  id,
  onChange,
  labelId,
  describedBy,
  invalid,
  name,
  rule,
  signer,
  currentHash,
}: SignatureFieldProps & { signer: Signer }) {
  const isOwn = rule.signer === 'self';
  const ownName = signer.recorder.name;
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  // An own signature is in the signed-in person's name: filled in, and not changeable.
  const [typedInput, setTyped] = useState('');
  const [signerInput, setSignerName] = useState('');
  const typed = isOwn ? ownName : typedInput;
  const signerName = isOwn ? ownName : signerInput;
  const personLabel = signerLabels[rule.signer];
  const [error, setError] = useState<string | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);
  const [padReady, setPadReady] = useState(false);
  const padRef = useRef<SignaturePad | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const baseId = useId();
  const signerId = `${baseId}-signer`;
  const typedId = `${baseId}-typed`;
  const errorId = `${baseId}-error`;
  const signerHelpId = `${baseId}-signer-help`;
  const canvasHelpId = `${baseId}-canvas-help`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'drawn' || !canvas) return;
    // signature_pad is fetched when a signature is opened for drawing: signed and typed signatures,
    // and pages without an unsigned one, never load it (issue 19).
    let stop: (() => void) | undefined;
    let unmounted = false;
    signaturePadModule.load().then(
      ({ default: SignaturePadClass }) => {
        if (unmounted) return;
        stop = attachPad(canvas, new SignaturePadClass(canvas, padOptions));
        setPadReady(true);
      },
      // Offline: the canvas stays busy, the Type tab still signs, and the next opening tries again.
      () => undefined,
    );
    return () => {
      unmounted = true;
      stop?.();
    };

    function attachPad(canvas: HTMLCanvasElement, pad: SignaturePad): () => void {
      padRef.current = pad;
      const resize = () => {
        // Match the canvas's pixels to its size on screen, or strokes land away from the pointer.
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = pad.toData();
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
        pad.fromData(data);
      };
      resize();
      const onEnd = () => {
        setHasDrawing(!pad.isEmpty());
        setError(null);
      };
      pad.addEventListener('endStroke', onEnd);
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
      observer?.observe(canvas);
      return () => {
        observer?.disconnect();
        pad.removeEventListener('endStroke', onEnd);
        pad.off();
        padRef.current = null;
        setPadReady(false);
      };
    }
  }, [mode]);

  const clearDrawing = () => {
    padRef.current?.clear();
    setHasDrawing(false);
  };

  const sign = () => {
    const named = signerName.trim();
    if (!named) {
      setError(`${personLabel} name is required`);
      return;
    }
    const recorded = {
      signerName: named,
      signedAt: new Date().toISOString(),
      recordedBy: signer.recorder,
      valuesHash: currentHash,
    };
    let next: SignatureValue;
    if (mode === 'drawn') {
      const pad = padRef.current;
      if (!pad || pad.isEmpty()) {
        setError('Draw the signature first, or use the Type tab.');
        return;
      }
      const image = pad.toDataURL('image/png');
      if (image.length > maxImageLength) {
        setError('The drawing is too detailed to store. Clear it and sign again.');
        return;
      }
      next = { kind: 'drawn', image, ...recorded };
    } else {
      const text = typed.trim();
      if (!text) {
        setError('Type the signature first.');
        return;
      }
      if (!sameName(text, named)) {
        setError(`A typed signature is the signer's name: type ${named}.`);
        return;
      }
      next = { kind: 'typed', typed: text.slice(0, 100), ...recorded };
    }
    setError(null);
    onChange(next);
  };

  const describedByAll = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const tabClass =
    'rounded-md px-3 py-1 font-medium text-sm text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs';

  return (
    <fieldset
      id={id}
      aria-labelledby={labelId}
      aria-describedby={describedByAll}
      className={cn('m-0 grid min-w-0 gap-3 rounded-md border p-3', invalid && 'border-destructive')}
    >
      <TabsPrimitive.Root value={mode} onValueChange={(next) => setMode(next as 'drawn' | 'typed')}>
        <TabsPrimitive.List
          aria-label={`How to sign, ${name}`}
          className="inline-flex gap-1 rounded-lg bg-muted p-1"
        >
          <TabsPrimitive.Trigger value="drawn" className={tabClass}>
            Draw
          </TabsPrimitive.Trigger>
          <TabsPrimitive.Trigger value="typed" className={tabClass}>
            Type
          </TabsPrimitive.Trigger>
        </TabsPrimitive.List>
        <TabsPrimitive.Content value="drawn" className="mt-3 grid gap-2 outline-none">
          <canvas
            ref={canvasRef}
            aria-label={`Signature drawing area, ${name}`}
            aria-describedby={canvasHelpId}
            // Busy until signature_pad's code has arrived and strokes are taken.
            aria-busy={padReady ? undefined : true}
            className="h-40 w-full touch-none rounded-md border border-input border-dashed bg-white"
          />
          <div className="flex items-center justify-between gap-2">
            <p id={canvasHelpId} className="text-muted-foreground text-xs">
              Draw with a mouse, pen or finger. To sign with the keyboard, use the Type tab.
            </p>
            <Button variant="ghost" size="sm" onClick={clearDrawing} disabled={!hasDrawing}>
              <EraserIcon aria-hidden="true" />
              Clear
            </Button>
          </div>
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="typed" className="mt-3 grid gap-2 outline-none">
          <Label htmlFor={typedId}>Typed signature</Label>
          <Input
            id={typedId}
            value={typed}
            maxLength={100}
            autoComplete="off"
            readOnly={isOwn}
            aria-describedby={isOwn ? signerHelpId : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
          />
          {typed.trim() ? (
            <p aria-hidden="true" className="text-3xl leading-tight" style={{ fontFamily: scriptFont }}>
              {typed}
            </p>
          ) : null}
        </TabsPrimitive.Content>
      </TabsPrimitive.Root>
      <div className="grid gap-1.5">
        <Label htmlFor={signerId}>{isOwn ? 'Signer name' : `${personLabel} name`}</Label>
        <Input
          id={signerId}
          value={signerName}
          maxLength={100}
          autoComplete={isOwn ? 'name' : 'off'}
          readOnly={isOwn}
          aria-describedby={signerHelpId}
          className={cn(isOwn && 'bg-muted')}
          onChange={(event) => {
            setSignerName(event.target.value);
            setError(null);
          }}
        />
        <p id={signerHelpId} className="text-muted-foreground text-xs">
          {isOwn
            ? `You sign as yourself (${ownName}, ${signer.recorder.role}). Nobody can sign in another person's name.`
            : `You are capturing the ${personLabel.toLowerCase()}'s signature: it is recorded as captured by you (${ownName}).`}
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button size="sm" className="justify-self-start" onClick={sign}>
        <PenLineIcon aria-hidden="true" />
        Sign
      </Button>
    </fieldset>
  );
}
