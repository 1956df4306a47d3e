import { useState } from 'react';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatCLP } from '@shared/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { useReimbursementTotals } from '@client/features/reimbursements/queries';
import { SectionError } from './SectionError';

function thisMonth(): { from: string; to: string } {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** Admins: per employee, what is owed for the period's expenses and what was reimbursed in it. */
export function ReimbursementTotals() {
  const [range, setRange] = useState(thisMonth);
  const totals = useReimbursementTotals(range);
  const valid = range.from && range.to && range.from <= range.to;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Wallet className="h-5 w-5 text-primary" aria-hidden />
            Reembolsos por empleado
          </CardTitle>
          <CardDescription>
            Por reembolsar (gastos del periodo) y reembolsado (nóminas pagadas en el periodo). <Link to="/reimbursements" className="text-primary underline-offset-2 hover:underline">Ir a Reembolsos</Link>
          </CardDescription>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="space-y-1">
            <Label htmlFor="reimb-from" className="text-xs">Desde</Label>
            <Input id="reimb-from" type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="reimb-to" className="text-xs">Hasta</Label>
            <Input id="reimb-to" type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
          </div>
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {!valid ? (
          <p role="alert" className="text-sm text-destructive">La fecha inicial debe ser anterior a la final.</p>
        ) : totals.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : totals.isError ? (
          <SectionError title="No se pudieron cargar los reembolsos" error={totals.error} onRetry={() => void totals.refetch()} />
        ) : !totals.data?.employees.length ? (
          <p className="py-4 text-center text-sm text-muted-foreground" role="status">
            Sin reembolsos en el periodo.
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-xs uppercase text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3">Empleado</th>
                  <th scope="col" className="py-2 pr-3 text-right">Por reembolsar</th>
                  <th scope="col" className="py-2 text-right">Reembolsado</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {totals.data.employees.map((e) => (
                  <tr key={e.userId}>
                    <td className="py-2 pr-3">
                      <span className="block font-medium">{e.name || e.email}</span>
                      <span className="block text-xs text-muted-foreground">{e.email}</span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCLP(e.toReimburseClp)}</td>
                    <td className="py-2 text-right tabular-nums">{formatCLP(e.reimbursedClp)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t font-semibold">
                <tr>
                  <th scope="row" className="py-2 pr-3 text-left">Total</th>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCLP(totals.data.toReimburseClp)}</td>
                  <td className="py-2 text-right tabular-nums">{formatCLP(totals.data.reimbursedClp)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
