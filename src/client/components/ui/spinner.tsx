import { Loader2 } from 'lucide-react';
import { cn } from '@client/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted-foreground">
      <Loader2 className={cn('h-5 w-5 animate-spin', className)} aria-hidden />
      {label ? <span>{label}</span> : <span className="sr-only">Cargando</span>}
    </span>
  );
}

/** Full-screen 'Cargando...' while the session loads (part 1 §2). */
export function FullPageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="h-8 w-8" label="Cargando..." />
    </div>
  );
}
