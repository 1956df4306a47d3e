import { Building2, Check, Loader2, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { AdminCompany } from '@shared/admin';
import { Badge } from '@client/components/ui/badge';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { SectionError } from '@client/features/dashboard/SectionError';
import { cn } from '@client/lib/utils';
import { plural } from './parts';
import { useAdminCompanies, useDebounced } from './queries';

const PICKER_PAGE_SIZE = 20;

/**
 * The company the super admin API page works on: searched on the server by name, domain, code or id. A listbox
 * driven from the search box: arrows move, Enter chooses, a click chooses.
 */
export function CompanyPicker({ selected, onSelect }: { selected: AdminCompany | null; onSelect: (c: AdminCompany) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const list = useAdminCompanies(search, 1, PICKER_PAGE_SIZE);
  const items = list.data?.items ?? [];
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // A new result list starts from its first row.
  const [shownData, setShownData] = useState(list.data);
  if (shownData !== list.data) {
    setShownData(list.data);
    setActive(0);
  }
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on listId
  }, [active]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const c = items[active];
      if (c) onSelect(c);
    }
  };

  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={`${listId}-search`} className="sr-only">
          Buscar empresa
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={`${listId}-search`}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${listId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={items.length ? optionId(active) : undefined}
          className="pl-9 pr-9"
          placeholder="Nombre, dominio, código o ID"
          maxLength={200}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {list.isFetching && !list.isPending ? <Loader2 className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-label="Buscando" /> : null}
      </div>
      {list.isPending ? (
        <div aria-busy="true" aria-label="Cargando empresas" className="space-y-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <SectionError title="No se pudieron cargar las empresas" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div id={`${listId}-list`} role="listbox" aria-label="Empresas" className="max-h-[26rem] space-y-1 overflow-y-auto rounded-lg border p-1">
            {items.length === 0 ? (
              <p role="status" className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
                <Building2 className="h-6 w-6" aria-hidden />
                {search ? `Ninguna empresa coincide con “${search}”.` : 'Aún no hay empresas.'}
              </p>
            ) : (
              items.map((c, i) => {
                const isSelected = c.id === selected?.id;
                return (
                  <div
                    key={c.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={isSelected}
                    data-testid="picker-option"
                    onMouseMove={() => setActive(i)}
                    onClick={() => onSelect(c)}
                    className={cn(
                      'relative flex cursor-pointer select-none items-start gap-2 rounded-md py-2 pl-8 pr-2 text-sm',
                      i === active && 'bg-muted',
                      isSelected && 'bg-primary/10',
                    )}
                  >
                    {isSelected ? <Check className="absolute left-2 top-2.5 h-4 w-4 text-primary" aria-hidden /> : null}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium" title={c.name}>
                        {c.name}
                      </span>
                      <span className="mt-0.5 flex items-center justify-between gap-2">
                        <span className="min-w-0 truncate text-xs text-muted-foreground">{c.domain ?? 'Sin dominio'}</span>
                        <Badge variant="outline" className="shrink-0 px-2 font-mono text-[11px] font-normal" title={c.id}>
                          ID {c.id.slice(0, 8)}
                        </Badge>
                      </span>
                    </span>
                  </div>
                );
              })
            )}
          </div>
          {list.data && list.data.total > items.length ? (
            <p className="text-xs text-muted-foreground">
              Se muestran {items.length} de {plural(list.data.total, 'empresa', 'empresas')}: busca para encontrar otra.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
