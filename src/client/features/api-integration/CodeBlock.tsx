import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';

/** A code sample with a copy button (curl commands, payloads, the verification snippet). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast.success('Copiado al portapapeles');
    } catch {
      toast.error('No se pudo copiar', { description: 'Selecciona el texto y cópialo a mano.' });
    }
  };
  return (
    <div className="relative">
      <pre aria-label={label} className="max-h-96 overflow-auto rounded-md bg-slate-950 p-3 pr-12 text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
      <Button type="button" size="icon" variant="ghost" onClick={() => void copy()} aria-label={`Copiar ${label}`} className="absolute right-1 top-1 h-8 w-8 text-slate-200 hover:bg-slate-800 hover:text-white">
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </div>
  );
}
