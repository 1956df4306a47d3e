import type { ReactNode } from 'react';
import type { AdminCompany } from '@shared/admin';
import { formatDate } from '@shared/format';
import { SubscriptionBadge } from './parts';

/** 'hasta 31/05/2025' under the status: when the trial or the paid (or assigned) month ends. */
function until(c: AdminCompany): string | null {
  if (c.subscriptionStatus === 'trial' && c.trialEndsAt) return `hasta ${formatDate(c.trialEndsAt)}`;
  if (c.subscriptionStatus === 'active' && c.periodEnd) return `hasta ${formatDate(c.periodEnd)}`;
  return null;
}

function Status({ company }: { company: AdminCompany }) {
  const end = until(company);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <SubscriptionBadge status={company.subscriptionStatus} />
      {end ? <span className="text-xs text-muted-foreground">{end}</span> : null}
    </span>
  );
}

const detail = (c: AdminCompany) => [c.domain, `Código ${c.companyCode}`].filter(Boolean).join(' · ');

/**
 * The companies of one page: a table on wide screens; under 1024 px (where the sidebar leaves too little room for
 * seven columns) one card per company with the same facts, so nothing scrolls sideways.
 */
export function CompanyList({ items, actions }: { items: AdminCompany[]; actions?: (c: AdminCompany) => ReactNode }) {
  return (
    <>
      <div className="hidden relative overflow-x-auto rounded-lg border lg:block">
        <table className="w-full text-sm">
          <thead className="whitespace-nowrap border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-3">Empresa</th>
              <th scope="col" className="px-3 py-3">Plan y estado</th>
              <th scope="col" className="px-3 py-3 text-right">Usuarios</th>
              <th scope="col" className="px-3 py-3 text-right">Gastos</th>
              <th scope="col" className="px-3 py-3">Creada</th>
              {actions ? (
                <th scope="col" className="px-3 py-3 text-right">
                  <span className="sr-only">Acciones</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((c) => (
              <tr key={c.id} data-testid="company-row" className="align-top hover:bg-muted/40">
                <td className="max-w-[18rem] px-3 py-3">
                  <span className="block truncate font-medium" title={c.name}>
                    {c.name}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{detail(c)}</span>
                </td>
                <td className="px-3 py-3">
                  <span className="mb-1 block whitespace-nowrap">{c.planName}</span>
                  <Status company={c} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{c.userCount}</td>
                <td className="px-3 py-3 text-right tabular-nums">{c.expenseCount}</td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums">{formatDate(c.createdAt)}</td>
                {actions ? (
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">{actions(c)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Empresas">
        {items.map((c) => (
          <li key={c.id} data-testid="company-card" className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium" title={c.name}>
                  {c.name}
                </p>
                <p className="truncate text-xs text-muted-foreground">{detail(c)}</p>
              </div>
              <Status company={c} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="text-right font-medium">{c.planName}</dd>
              <dt className="text-muted-foreground">Usuarios</dt>
              <dd className="text-right tabular-nums">{c.userCount}</dd>
              <dt className="text-muted-foreground">Gastos</dt>
              <dd className="text-right tabular-nums">{c.expenseCount}</dd>
              <dt className="text-muted-foreground">Creada</dt>
              <dd className="text-right tabular-nums">{formatDate(c.createdAt)}</dd>
            </dl>
            {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:flex-1">{actions(c)}</div> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
