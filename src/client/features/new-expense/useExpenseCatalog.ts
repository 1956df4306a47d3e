import { useQuery } from '@tanstack/react-query';
import type { CatalogItem, CostCenter } from '@shared/catalog';
import { apiGet } from '@client/lib/api';

/** Catalog keys are the URLs, like every key in `qk`, so settings screens invalidate the same entries. */
export const catalogKeys = {
  categories: ['/api/categories'] as const,
  paymentMethods: ['/api/payment-methods'] as const,
  costCenters: ['/api/cost-centers'] as const,
};

export interface ExpenseCatalog {
  categories: CatalogItem[];
  paymentMethods: CatalogItem[];
  costCenters: CostCenter[];
}

const active = <T extends { isActive: boolean }>(rows: T[] | undefined): T[] => (Array.isArray(rows) ? rows.filter((r) => r.isActive) : []);

/** The company's active categories, payment methods and cost centers for the creation form. */
export function useExpenseCatalog() {
  const categories = useQuery({ queryKey: catalogKeys.categories, queryFn: () => apiGet<CatalogItem[]>('/api/categories') });
  const paymentMethods = useQuery({ queryKey: catalogKeys.paymentMethods, queryFn: () => apiGet<CatalogItem[]>('/api/payment-methods') });
  const costCenters = useQuery({ queryKey: catalogKeys.costCenters, queryFn: () => apiGet<CostCenter[]>('/api/cost-centers') });
  const all = [categories, paymentMethods, costCenters];
  return {
    isLoading: all.some((q) => q.isPending),
    // Cost centers are optional: the form still works without them.
    isError: categories.isError || paymentMethods.isError,
    error: categories.error ?? paymentMethods.error,
    retry: () => all.forEach((q) => q.isError && void q.refetch()),
    catalog: {
      categories: active(categories.data),
      paymentMethods: active(paymentMethods.data),
      costCenters: active(costCenters.data),
    } satisfies ExpenseCatalog,
  };
}
