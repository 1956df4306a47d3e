import type { ReactNode } from 'react';
import { Label } from './label';

/** Label, control and the field's Spanish error under it; `hint` sits at the label's right, outside it. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      {hint ? (
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <Label htmlFor={id}>{label}</Label>
          {hint}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
