import { Loader2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** aria-invalid and the link to the field's error text, as the auth forms do. */
export function fieldAria(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}
