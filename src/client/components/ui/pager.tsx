import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * Previous/next paging under a server-paginated list. `summary` replaces the default 'Página X de Y' (e.g. with the
 * total); `hideSingle` renders nothing when everything fits on one page.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  busy = false,
  onPage,
  summary,
  hideSingle = false,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  busy?: boolean;
  onPage: (page: number) => void;
  summary?: (pages: number) => ReactNode;
  hideSingle?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideSingle && pages <= 1) return null;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={label}>
      <p className="text-sm text-muted-foreground">{summary ? summary(pages) : `Página ${page} de ${pages}`}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)} aria-label="Página anterior">
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)} aria-label="Página siguiente">
          Siguiente
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
