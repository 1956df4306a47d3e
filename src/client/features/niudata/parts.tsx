import { Eye, EyeOff, FlaskConical, Loader2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import type { NiudataPendingExpense, NiudataStatus, SyncHistoryStatus, SyncType } from '@shared/niudata';
import { Badge } from '@client/components/ui/badge';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';

export const HISTORY_STATUS: Record<SyncHistoryStatus, { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  success: { label: 'Éxito', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
  pending: { label: 'Pendiente', variant: 'warning' },
};

export const SYNC_TYPE_LABELS: Record<SyncType, string> = { auto: 'Automática', manual: 'Manual', retry: 'Reintento' };

const chileDateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/yyyy HH:mm in Chile's time, whatever the browser's zone: the books are kept in Chile. */
export function formatChileDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return chileDateTime.format(d).replace(/-/g, '/').replace(',', '');
}

/** A link NiuData gave us, only when it is http(s). */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** 'Modo de prueba' (the embedded sandbox), 'Producción' or 'No disponible'. */
export function ModeBadge({ status, className }: { status: Pick<NiudataStatus, 'mode' | 'modeLabel'>; className?: string }) {
  if (status.mode === 'sandbox') {
    return (
      <Badge variant="warning" className={cn('gap-1', className)}>
        <FlaskConical className="h-3.5 w-3.5" aria-hidden />
        {status.modeLabel ?? 'Modo de prueba'}
      </Badge>
    );
  }
  if (status.mode === 'unavailable') return <Badge variant="destructive" className={className}>No disponible</Badge>;
  return <Badge variant="outline" className={className}>Producción</Badge>;
}

export function ConnectionBadge({ status }: { status: NiudataStatus }) {
  if (status.mode === 'unavailable') return <Badge variant="destructive">Sin conexión</Badge>;
  return status.configured ? <Badge variant="success">Conectado</Badge> : <Badge variant="secondary">No configurado</Badge>;
}

/** The state of a pending expense: being sent, failed before, cannot be sent as it is, or waiting. */
export function PendingStateBadge({ expense }: { expense: NiudataPendingExpense }) {
  if (expense.syncing) {
    return (
      <Badge variant="warning" className="gap-1 whitespace-nowrap">
        <Loader2 className="h-3 w-3 animate-spin" aria-hidden />
        Sincronizando…
      </Badge>
    );
  }
  if (expense.problems.length) return <Badge variant="destructive">Incompleta</Badge>;
  if (expense.syncStatus === 'error') return <Badge variant="destructive">Error</Badge>;
  return <Badge variant="secondary">Pendiente</Badge>;
}

/** A token field, masked unless the person asks to see it. */
export function SecretInput(props: ComponentProps<'input'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} autoComplete="off" spellCheck={false} className="pr-10 font-mono" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={visible ? 'Ocultar token' : 'Mostrar token'}
        aria-pressed={visible}
      >
        {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}
