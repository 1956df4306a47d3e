import { Building2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE, type AdminCompany } from '@shared/admin';
import { Skeleton } from '@client/components/ui/skeleton';
import { SectionError } from '@client/features/dashboard/SectionError';
import { CompanyList } from './CompanyList';
import { Pager, SearchBox, plural } from './parts';
import { useAdminCompanies, useDebounced } from './queries';

/**
 * Every company of the platform, searched and paged on the server (name, domain, code or id): the list of
 * /super-admin and of /company-management. `header` receives the count line ('N empresas').
 */
export function CompaniesSection({ idPrefix, actions, header }: { idPrefix: string; actions?: (c: AdminCompany) => ReactNode; header: (count: ReactNode) => ReactNode }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [page, setPage] = useState(1);
  const [lastSearch, setLastSearch] = useState(search);
  // A new search starts from its first page.
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }
  const list = useAdminCompanies(search, page);
  const count = list.data ? (
    <span data-testid="company-count">{search ? `${plural(list.data.total, 'empresa encontrada', 'empresas encontradas')}` : plural(list.data.total, 'empresa', 'empresas')}</span>
  ) : (
    <Skeleton className="inline-block h-4 w-24 align-middle" />
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {header(count)}
        <SearchBox
          id={`${idPrefix}-company-search`}
          label="Buscar empresa"
          placeholder="Nombre, dominio o código"
          value={text}
          onChange={setText}
          busy={list.isFetching && !list.isPending}
        />
      </div>
      {list.isPending ? (
        <div aria-busy="true" aria-label="Cargando empresas" className="space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <SectionError title="No se pudieron cargar las empresas" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <div role="status" className="flex flex-col items-center gap-2 rounded-lg border px-4 py-10 text-center">
          <Building2 className="h-8 w-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{search ? 'Ninguna empresa coincide' : 'Aún no hay empresas'}</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {search ? `No hay empresas que coincidan con “${search}”. Prueba con otro nombre, dominio o código.` : 'Las empresas aparecerán aquí cuando alguien se registre.'}
          </p>
        </div>
      ) : (
        <>
          <CompanyList items={list.data.items} actions={actions} />
          <Pager label="Paginación de empresas" page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} busy={list.isFetching} onPage={setPage} />
        </>
      )}
    </div>
  );
}
