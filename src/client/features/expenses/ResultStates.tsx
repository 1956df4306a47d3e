import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { Card, CardContent } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';


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
    <StateMessage icon={<Inbox className="h-10 w-10" />} title="No hay rendiciones" role="status">
      <p className="text-muted-foreground">No se encontraron rendiciones con los filtros aplicados.</p>
    </StateMessage>
  );
}

export function ErrorState(props: { message: string; onRetry: () => void; retrying: boolean }) {
  return <LoadErrorState title="No se pudieron cargar las rendiciones" {...props} />;
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
