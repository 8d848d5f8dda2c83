import type { SignatureValue } from '@wattle/domain/templates/schemas';
import { format } from 'date-fns';
import { EraserIcon, PenLineIcon, XIcon } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';

/**
 * The signature field (the spec gives the type but no renderer): draw with a mouse, pen or finger,
 * or type the signature; name the signer; 'Sign' stores `{ kind, image | typed, signerName, signedAt }`
 * (SignatureValueSchema). Typing is the keyboard and screen-reader way to sign.
 */

export interface SignatureFieldProps {
  id: string;
  value: SignatureValue | null;
  onChange: (value: SignatureValue | null) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** The field's name, for the labels of the inner controls. */
  name: string;
  /** Shows the signature (or that there is none) without the controls to sign or clear. */
  readOnly?: boolean;
}

/** The schema's limit on a drawn signature's data URL. */
const maxImageLength = 280_000;
const scriptFont = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';

export function formatSignedAt(signedAt: string): string {
  const date = new Date(signedAt);
  return Number.isNaN(date.getTime()) ? signedAt : format(date, 'd MMM yyyy, h:mm a');
}

export function SignatureField(props: SignatureFieldProps) {
  const { value, onChange } = props;
  if (value) {
    return (
      <fieldset
        id={props.id}
        aria-labelledby={props.labelId}
        aria-describedby={props.describedBy}
        className="m-0 grid min-w-0 gap-2 rounded-md border bg-surface p-3"
      >
        {value.kind === 'drawn' && value.image ? (
          <img
            src={value.image}
            alt={`Signature of ${value.signerName}`}
            className="h-24 w-auto max-w-full self-start rounded border bg-white object-contain"
          />
        ) : (
          <p className="text-3xl leading-tight" style={{ fontFamily: scriptFont }}>
            <span className="sr-only">Typed signature: </span>
            {value.typed}
          </p>
        )}
        <p className="text-muted-foreground text-sm">
          Signed by {value.signerName}
          {value.signedAt ? ` on ${formatSignedAt(value.signedAt)}` : ''}
        </p>
        {props.readOnly ? null : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange(null)}>
            <XIcon aria-hidden="true" />
            Clear signature
          </Button>
        )}
      </fieldset>
    );
  }
  if (props.readOnly) {
    return (
      <p id={props.id} aria-describedby={props.describedBy} className="text-muted-foreground text-sm">
        Not signed
      </p>
    );
  }
  return <SignatureCapture {...props} />;
}

function SignatureCapture({ id, onChange, labelId, describedBy, invalid, name }: SignatureFieldProps) {
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [typed, setTyped] = useState('');
  const [signerName, setSignerName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);
  const padRef = useRef<SignaturePad | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const baseId = useId();
  const signerId = `${baseId}-signer`;
  const typedId = `${baseId}-typed`;
  const errorId = `${baseId}-error`;
  const canvasHelpId = `${baseId}-canvas-help`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'drawn' || !canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', backgroundColor: 'rgba(255,255,255,0)' });
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
    };
  }, [mode]);

  const clearDrawing = () => {
    padRef.current?.clear();
    setHasDrawing(false);
  };

  const sign = () => {
    const signer = signerName.trim();
    let next: SignatureValue;
    if (mode === 'drawn') {
      const pad = padRef.current;
      if (!pad || pad.isEmpty()) {
        setError('Draw your signature first, or use the Type tab.');
        return;
      }
      if (!signer) {
        setError('Signer name is required');
        return;
      }
      const image = pad.toDataURL('image/png');
      if (image.length > maxImageLength) {
        setError('The drawing is too detailed to store. Clear it and sign again.');
        return;
      }
      next = { kind: 'drawn', image, signerName: signer, signedAt: new Date().toISOString() };
    } else {
      const text = typed.trim();
      if (!text) {
        setError('Type your signature first.');
        return;
      }
      if (!signer) {
        setError('Signer name is required');
        return;
      }
      next = {
        kind: 'typed',
        typed: text.slice(0, 100),
        signerName: signer,
        signedAt: new Date().toISOString(),
      };
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
        <Label htmlFor={signerId}>Signer name</Label>
        <Input
          id={signerId}
          value={signerName}
          maxLength={100}
          autoComplete="name"
          onChange={(event) => {
            setSignerName(event.target.value);
            setError(null);
          }}
        />
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
