import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Building2, FileSpreadsheet, Loader2, Plus } from 'lucide-react';
import type { CurrentUser } from '@shared/auth';
import type { ExpenseView } from '@shared/expenses';
import { Button } from '@client/components/ui/button';
import { StateMessage } from '@client/components/ui/state-message';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { cn } from '@client/lib/utils';
import { useComprobanteDownload, useExcelExport } from './downloads';
import { ExpenseCardList } from './ExpenseCardList';
import { ExpenseDetailDialog } from './ExpenseDetailDialog';
import { ExpenseFiltersForm } from './ExpenseFiltersForm';
import { ExpenseTable } from './ExpenseTable';
import { DEFAULT_FILTERS, PAGE_SIZE, dateRangeError, filterParams, listErrorMessage, useCategoryOptions, useCompanyUserOptions, useExpenseList, type ExpenseFilterValues } from './queries';
import { EmptyState, ErrorState, LoadingState, Pagination } from './ResultStates';

interface Search {
  filters: ExpenseFilterValues;
  page: number;
  /** The server's cursor to this page (keyset, no recount); none for the first page. */
  cursor?: string;
}

/** 'Mis Rendiciones' (part 1 §2). A company switch remounts the screen, so filters and results start over. */
export function ExpensesPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ExpensesScreen key={user.currentCompanyId ?? 'none'} user={user} />;
}

function ExpensesScreen({ user }: { user: CurrentUser }) {
  const admin = isAdmin(user);
  const hasCompany = !!user.currentCompanyId;
  const [draft, setDraft] = useState<ExpenseFilterValues>(DEFAULT_FILTERS);
  // The first search runs on arrival (for an admin: all users), once the company is known; null = no company, nothing to read.
  const [search, setSearch] = useState<Search | null>(hasCompany ? { filters: DEFAULT_FILTERS, page: 1 } : null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ExpenseView | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  // The dialog opens from code, not a Radix trigger, so focus goes back to the opener by hand.
  const openerRef = useRef<HTMLElement | null>(null);
  const openDetail = (expense: ExpenseView) => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(expense);
  };

  const params = search ? { ...filterParams(search.filters, admin), page: String(search.page), pageSize: String(PAGE_SIZE), ...(search.cursor ? { cursor: search.cursor } : {}) } : null;
  const list = useExpenseList(params);
  const categories = useCategoryOptions(hasCompany);
  const users = useCompanyUserOptions(admin && hasCompany);
  const pdf = useComprobanteDownload();
  const excel = useExcelExport();

  const runSearch = () => {
    const error = dateRangeError(draft);
    setRangeError(error);
    if (error) return;
    const next = { filters: draft, page: 1 };
    // Same filters again: the key does not change, so ask for a fresh copy explicitly.
    if (search && JSON.stringify(search) === JSON.stringify(next)) void list.refetch();
    else setSearch(next);
  };

  // Clearing shows everything again (issue 16): the default filters are searched at once, like on arrival.
  const clear = () => {
    setDraft(DEFAULT_FILTERS);
    setRangeError(null);
    if (!hasCompany) return;
    const next = { filters: DEFAULT_FILTERS, page: 1 };
    if (search && JSON.stringify(search) === JSON.stringify(next)) void list.refetch();
    else setSearch(next);
  };

  // The pager moves one page at a time, along the cursors of the page shown; page 1 is asked afresh (and recounted).
  const goToPage = (page: number) => {
    if (!search) return;
    const cursor = page === 1 ? undefined : page > search.page ? list.data?.nextCursor : list.data?.prevCursor;
    if (page !== 1 && !cursor) return;
    setSearch({ ...search, page, cursor: cursor ?? undefined });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const exportExcel = () => {
    const error = dateRangeError(draft);
    setRangeError(error);
    if (!error) excel.exportExcel(filterParams(draft, admin));
  };

  const data = list.data;
  const actions = { onView: openDetail, onDownload: (e: ExpenseView) => pdf.download(e.id), pdfPendingId: pdf.pendingId };
  const stale = list.isFetching;

  let results;
  if (!hasCompany) {
    results = (
      <StateMessage icon={<Building2 className="h-10 w-10" />} title="Sin empresa seleccionada">
        <p className="text-muted-foreground">No tienes una empresa asignada. Crea una o pide una invitación para ver rendiciones.</p>
      </StateMessage>
    );
  } else if (list.isError) results = <ErrorState message={listErrorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!data) results = <LoadingState />;
  else {
    results = (
      <div className={cn('space-y-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale || undefined}>
        {data.items.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <div className="md:hidden">
              <ExpenseCardList items={data.items} showUser={admin} {...actions} />
            </div>
            <div className="hidden md:block">
              <ExpenseTable items={data.items} showUser={admin} {...actions} />
            </div>
          </>
        )}
        {(data.total > 0 || data.page > 1) && <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={goToPage} disabled={list.isFetching} />}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Mis Rendiciones</h1>
          <p className="text-muted-foreground">{admin ? 'Consulta y filtra las rendiciones de tu empresa.' : 'Consulta y filtra tus rendiciones de gastos.'}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button type="button" variant="outline" onClick={exportExcel} disabled={excel.isExporting || !hasCompany} aria-busy={excel.isExporting || undefined}>
            {excel.isExporting ? <Loader2 className="animate-spin" aria-hidden /> : <FileSpreadsheet aria-hidden />}
            Exportar Excel
          </Button>
          <Button asChild>
            <Link to="/new-expense">
              <Plus aria-hidden />
              Nueva Rendición
            </Link>
          </Button>
        </div>
      </div>

      <ExpenseFiltersForm
        values={draft}
        onChange={(v) => {
          setDraft(v);
          if (rangeError) setRangeError(dateRangeError(v));
        }}
        onSearch={runSearch}
        onClear={clear}
        categories={categories.data ?? []}
        users={admin ? (users.data ?? []) : undefined}
        error={rangeError}
        isSearching={!!search && list.isFetching}
      />

      <div ref={resultsRef} className="scroll-mt-4">
        {results}
      </div>

      <ExpenseDetailDialog expense={selected} onClose={() => setSelected(null)} returnFocusTo={openerRef} showUser={admin} onDownload={(e) => pdf.download(e.id)} pdfPendingId={pdf.pendingId} />
    </div>
  );
}
