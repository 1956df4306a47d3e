import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceStats, InvoiceView } from '@shared/integrations';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export interface InvoiceFilterValues {
  search: string;
  status: string;
  documentType: string;
  syncStatus: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_FILTERS: InvoiceFilterValues = { search: '', status: 'all', documentType: 'all', syncStatus: 'all', startDate: '', endDate: '' };
export const PAGE_SIZE = 20;

/** Only the filters that narrow something, as query-string pairs (also the query key). */
function params(f: InvoiceFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v && v !== 'all') out[k] = v.trim();
  return out;
}

export function useInvoices(filters: InvoiceFilterValues, page: number) {
  const q = { ...params(filters), page: String(page), pageSize: String(PAGE_SIZE) };
  return useQuery({
    queryKey: qk.invoices(q),
    queryFn: () => apiGet<{ items: InvoiceView[]; total: number; page: number; pageSize: number }>(`/api/invoices?${new URLSearchParams(q)}`, { noCache: true }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceStats(filters: InvoiceFilterValues) {
  const q = params(filters);
  return useQuery({
    queryKey: qk.invoiceStats(q),
    queryFn: () => apiGet<InvoiceStats>(`/api/invoices/stats?${new URLSearchParams(q)}`, { noCache: true }),
    placeholderData: keepPreviousData,
  });
}

export const personName = (p: { firstName: string; lastName: string; email: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() || p.email : '-');
