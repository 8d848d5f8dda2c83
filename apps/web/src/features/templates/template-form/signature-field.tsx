import type { SignatureRule, SignatureValue } from '@wattle/domain/templates/schemas';
import {
  requiredRoleMessageFor,
  type SignatureState,
  signatureByline,
  signatureState,
  signatureStateLabels,
} from '@wattle/domain/templates/signatures';
import { LockIcon, ShieldCheckIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { formatDayMonthTime } from '@/ui/date-text';
import { lazyModule } from '@/ui/lazy-module';
import type { Signer } from './use-signer';

/**
 * The signature field (the spec gives the type but no renderer): draw with a mouse, pen or finger,
 * or type the signature. Signatures are bound to the signer (decision 0021): an own signature is in
 * the signed-in person's name, filled in and not changeable; a participant's, guardian's or
 * witness's names that person and records the signed-in person as its capturer; a field requiring a
 * clinician says who may sign it instead of offering the pad to anyone else. 'Sign' stores
 * `{ kind, image | typed, signerName }` with the signer and the hash of the form's values as this
 * browser sees them, for the form to show at once; the server records its own. A signature shows
 * who signed, in what role, when, and whether it still matches the form. Typing is the keyboard
 * and screen-reader way to sign.
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
  /** Who signs the field and which role may (signatureRuleOf). */
  rule: SignatureRule;
  /** The signed-in person; null while loading. */
  signer: Signer | null;
  /** The hash of the form's values now (signedValuesHash), which a signature must match. */
  currentHash: string;
}

export const scriptFont = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';

export function formatSignedAt(signedAt: string): string {
  const date = new Date(signedAt);
  return Number.isNaN(date.getTime()) ? signedAt : formatDayMonthTime(date);
}

/** Why the signed-in person may not sign the field, or null when they may. */
export function signingRefusal(rule: SignatureRule, signer: Signer | null, name: string): string | null {
  return signer?.maySignAsClinician ? null : requiredRoleMessageFor(rule, name);
}

const stateNotes = {
  matches: null,
  changed: 'No longer matches the form: a signed value changed after signing. Sign again.',
  unverified: 'Signer not verified: this signature was not recorded with its signer. Sign again.',
} as const satisfies Record<SignatureState, string | null>;

export function SignatureField(props: SignatureFieldProps) {
  const { value, onChange } = props;
  const refusal = signingRefusal(props.rule, props.signer, props.name);
  if (value) {
    const state = signatureState(value, props.currentHash);
    const note = stateNotes[state];
    return (
      <fieldset
        id={props.id}
        aria-labelledby={props.labelId}
        aria-describedby={props.describedBy}
        className={cn(
          'm-0 grid min-w-0 gap-2 rounded-md border bg-surface p-3',
          state !== 'matches' && 'border-destructive',
        )}
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
        <p className="text-muted-foreground text-sm">{signatureByline(value, formatSignedAt)}</p>
        {note ? (
          <p className="flex items-start gap-1.5 font-medium text-destructive text-sm">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {note}
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <ShieldCheckIcon aria-hidden="true" className="size-4 shrink-0" />
            {signatureStateLabels.matches}
          </p>
        )}
        {props.readOnly || refusal ? null : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange(null)}>
            <XIcon aria-hidden="true" />
            {state === 'matches' ? 'Clear signature' : 'Clear and sign again'}
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
  if (refusal) {
    return (
      <p
        id={props.id}
        aria-describedby={props.describedBy}
        className="flex items-start gap-1.5 rounded-md border border-dashed p-3 text-muted-foreground text-sm"
      >
        <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {`Not signed. ${refusal}`}
      </p>
    );
  }
  if (!props.signer) {
    return (
      <p id={props.id} role="status" className="text-muted-foreground text-sm">
        Loading who is signing…
      </p>
    );
  }
  return <LazySignatureCapture {...props} signer={props.signer} />;
}

// The controls to sign (drawing, typing and their tabs) are fetched when a field offers them: a
// plan whose signatures are all made, or that the person may not sign, never loads them (issue 19).
const captureModule = lazyModule(() => import('./signature-capture'));

function LazySignatureCapture(props: SignatureFieldProps & { signer: Signer }) {
  const [module, setModule] = useState(captureModule.current);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return;
    let live = true;
    captureModule.load().then(
      (loaded) => live && setModule(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module]);
  if (!module) {
    return (
      <p
        id={props.id}
        role="status"
        aria-describedby={props.describedBy}
        className="text-muted-foreground text-sm"
      >
        {failed
          ? 'The signature controls could not load. Reload the page to sign.'
          : 'Loading the signature…'}
      </p>
    );
  }
  return <module.SignatureCapture {...props} />;
}
