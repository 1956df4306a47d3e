import { FlaskConical } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';

/** Shown wherever the sandbox provider is in use (no MercadoPago credentials): no real money moves. */
export function SandboxBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={cn('gap-1', className)}>
      <FlaskConical className="h-3.5 w-3.5" aria-hidden />
      Modo de prueba
    </Badge>
  );
}

export function SandboxNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900 dark:border-yellow-900/60 dark:bg-yellow-950/30 dark:text-yellow-200',
        className,
      )}
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">Modo de prueba:</strong> los pagos se simulan en un checkout de prueba y no se cobra dinero real.
      </span>
    </p>
  );
}
