import type { ReactNode } from 'react';
import { AlertCircle, ChevronLeft, ChevronRight, FileSearch, Inbox, RotateCcw } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';

function Message({ icon, title, children, role }: { icon: ReactNode; title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Card role={role}>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <span className="text-muted-foreground" aria-hidden>
          {icon}
        </span>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

export function LoadingState() {
  return (
    <Card>
      <CardContent className="flex justify-center p-10">
        <Spinner label="Cargando rendiciones..." />
      </CardContent>
    </Card>
  );
}

export function EmptyState() {
  return (
    <Message icon={<Inbox className="h-10 w-10" />} title="No hay rendiciones" role="status">
      <p className="text-muted-foreground">No se encontraron rendiciones con los filtros aplicados.</p>
    </Message>
  );
}

/** After 'Limpiar Filtros' nothing is searched until Buscar is pressed (part 1 §2). */
export function SearchPrompt() {
  return (
    <Message icon={<FileSearch className="h-10 w-10" />} title="Filtros restablecidos">
      <p className="text-muted-foreground">Elige los filtros y presiona «Buscar» para ver las rendiciones.</p>
    </Message>
  );
}

export function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Message icon={<AlertCircle className="h-10 w-10 text-destructive" />} title="No se pudieron cargar las rendiciones" role="alert">
      <p className="max-w-md break-words text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" className="mt-2" onClick={onRetry} disabled={retrying}>
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Reintentar
      </Button>
    </Message>
  );
}

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  disabled: boolean;
}

export function Pagination({ page, pageSize, total, onPage, disabled }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Paginación" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Mostrando {from}–{to} de {total}
      </p>
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <span className="px-1 text-sm tabular-nums text-muted-foreground">
          Página {page} de {pages}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={disabled || page >= pages}>
          Siguiente
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
