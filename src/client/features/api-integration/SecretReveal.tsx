import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';

/** A secret shown once (a new API token, the webhook's signing secret), with a copy button and the warning. */
export function SecretReveal({ label, secret, copiedToast }: { label: string; secret: string; copiedToast: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(copiedToast);
    } catch {
      toast.error('No se pudo copiar', { description: 'Selecciona el texto y cópialo a mano.' });
    }
  };
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/30">
      <p className="flex items-start gap-2 text-sm text-amber-900 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Guárdalo ahora en un lugar seguro: por seguridad no se volverá a mostrar.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label={label} className="min-w-0 flex-1 select-all break-all rounded-md border bg-card px-3 py-2 font-mono text-xs">
          {secret}
        </code>
        <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </div>
    </div>
  );
}
