import { useState } from 'react';
import type { CompanyUser } from '@shared/company';
import { ArrowDown, ArrowUp, Loader2, Plus, Save, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_RULES, MAX_STEPS, type ApprovalRule, type ApproverSpec } from '@shared/approval-flow';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { serverExplanation } from '@client/features/approvals/queries';
import { approversAmong, personName, useApprovalRules, useCategories, useCompanyPeople, useCostCenters, useSaveRules, type CatalogRow } from './queries';

interface Draft {
  key: string;
  name: string;
  min: string;
  max: string;
  categoryId: string;
  costCenterId: string;
  submitterId: string;
  steps: string[];
}

let seq = 0;
const newKey = () => `r${++seq}`;
const specValue = (s: ApproverSpec) => (s.kind === 'user' ? `user:${s.userId}` : s.kind);
const toSpec = (v: string): ApproverSpec => (v.startsWith('user:') ? { kind: 'user', userId: v.slice(5) } : v === 'manager' ? { kind: 'manager' } : { kind: 'admin' });
const toDraft = (r: ApprovalRule): Draft => ({
  key: newKey(),
  name: r.name,
  min: r.minAmountClp === null ? '' : String(r.minAmountClp),
  max: r.maxAmountClp === null ? '' : String(r.maxAmountClp),
  categoryId: r.categoryId ?? '',
  costCenterId: r.costCenterId ?? '',
  submitterId: r.submitterId ?? '',
  steps: r.steps.map(specValue),
});
/** Pesos as typed ('50.000', '$50000') to a whole number, '' to null; anything else goes to the server to explain. */
const pesos = (v: string): number | null => {
  const digits = v.replace(/[$.\s]/g, '');
  return digits === '' ? null : /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
};

/** The ordered rules: the first one whose conditions all hold picks the approvers of a new expense. */
export function RulesCard() {
  const rules = useApprovalRules(true);
  const categories = useCategories();
  const costCenters = useCostCenters();
  const people = useCompanyPeople();

  if (rules.isError) return <RulesFrame><p role="alert" className="text-sm text-destructive">{serverExplanation(rules.error) ?? 'No se pudieron cargar las reglas.'}</p></RulesFrame>;
  if (!rules.data || !categories.data || !costCenters.data || !people.data) {
    return (
      <RulesFrame>
        <div className="space-y-3" aria-busy="true" aria-label="Cargando reglas">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </RulesFrame>
    );
  }
  return <RulesEditor saved={rules.data} categories={categories.data} costCenters={costCenters.data} people={people.data} />;
}

function RulesEditor({ saved, categories, costCenters, people }: { saved: ApprovalRule[]; categories: CatalogRow[]; costCenters: CatalogRow[]; people: CompanyUser[] }) {
  const save = useSaveRules();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map(toDraft));
  const [error, setError] = useState<string | null>(null);
  const approvers = approversAmong(people);
  const members = people.filter((p) => p.isActive && !p.invitationPending);
  const update = (key: string, change: Partial<Draft>) => setDrafts((d) => d.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const move = (i: number, by: number) =>
    setDrafts((d) => {
      const next = [...d];
      const [row] = next.splice(i, 1);
      next.splice(i + by, 0, row);
      return next;
    });

  const submit = () => {
    setError(null);
    const body = drafts.map((r) => ({
      name: r.name,
      minAmountClp: pesos(r.min),
      maxAmountClp: pesos(r.max),
      categoryId: r.categoryId || null,
      costCenterId: r.costCenterId || null,
      submitterId: r.submitterId || null,
      steps: r.steps.map(toSpec),
    }));
    if (body.some((r) => Number.isNaN(r.minAmountClp) || Number.isNaN(r.maxAmountClp))) return setError('Los montos deben ser números enteros de pesos (por ejemplo 50000).');
    save.mutate(
      { rules: body as never },
      {
        onSuccess: (saved) => {
          setDrafts(saved.map(toDraft));
          toast.success('Reglas guardadas', { description: saved.length ? `${saved.length} ${saved.length === 1 ? 'regla' : 'reglas'} en orden.` : 'Sin reglas: un administrador aprueba cada rendición.' });
        },
        onError: (err) => setError(serverExplanation(err) ?? 'No se pudieron guardar las reglas.'),
      },
    );
  };

  return (
    <RulesFrame>
      {drafts.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Sin reglas: cada rendición la aprueba un administrador, como hasta ahora.</p>
      ) : (
        <ol className="space-y-4">
          {drafts.map((r, i) => (
            <li key={r.key} data-rule className="rounded-lg border p-3 sm:p-4">
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1 basis-48 space-y-1.5">
                  <Label htmlFor={`${r.key}-name`}>Nombre de la regla {i + 1}</Label>
                  <Input id={`${r.key}-name`} value={r.name} maxLength={100} placeholder="Ej.: Hasta $50.000" onChange={(e) => update(r.key, { name: e.target.value })} />
                </div>
                <div className="flex gap-1">
                  <Button type="button" variant="outline" size="icon" aria-label={`Subir regla ${i + 1}`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button type="button" variant="outline" size="icon" aria-label={`Bajar regla ${i + 1}`} disabled={i === drafts.length - 1} onClick={() => move(i, 1)}>
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button type="button" variant="outline" size="icon" aria-label={`Eliminar regla ${i + 1}`} className="text-red-700 dark:text-red-400" onClick={() => setDrafts((d) => d.filter((x) => x.key !== r.key))}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              <fieldset className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
                <legend className="sr-only">Condiciones de la regla {i + 1}</legend>
                <Field id={`${r.key}-min`} label="Desde (CLP)">
                  <Input id={`${r.key}-min`} inputMode="numeric" placeholder="Sin mínimo" value={r.min} onChange={(e) => update(r.key, { min: e.target.value })} />
                </Field>
                <Field id={`${r.key}-max`} label="Hasta (CLP)">
                  <Input id={`${r.key}-max`} inputMode="numeric" placeholder="Sin máximo" value={r.max} onChange={(e) => update(r.key, { max: e.target.value })} />
                </Field>
                <Field className="col-span-2 sm:col-span-1 lg:col-span-1" id={`${r.key}-cat`} label="Categoría">
                  <NativeSelect id={`${r.key}-cat`} value={r.categoryId} onChange={(e) => update(r.key, { categoryId: e.target.value })}>
                    <option value="">Todas</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field className="col-span-2 sm:col-span-1 lg:col-span-1" id={`${r.key}-cc`} label="Centro de costo">
                  <NativeSelect id={`${r.key}-cc`} value={r.costCenterId} onChange={(e) => update(r.key, { costCenterId: e.target.value })}>
                    <option value="">Todos</option>
                    {costCenters.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.code}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field className="col-span-2 sm:col-span-1 lg:col-span-1" id={`${r.key}-who`} label="Quién rinde">
                  <NativeSelect id={`${r.key}-who`} value={r.submitterId} onChange={(e) => update(r.key, { submitterId: e.target.value })}>
                    <option value="">Cualquiera</option>
                    {members.map((p) => (
                      <option key={p.id} value={p.id}>
                        {personName(p)}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </fieldset>
              <fieldset className="mt-3 space-y-2">
                <legend className="text-sm font-medium">Aprueban, en orden</legend>
                {r.steps.map((s, j) => (
                  <div key={j} className="flex items-center gap-2">
                    <span className="w-14 shrink-0 text-xs text-muted-foreground">Paso {j + 1}</span>
                    <div className="min-w-0 flex-1">
                      <NativeSelect aria-label={`Regla ${i + 1}, paso ${j + 1}`} value={s} onChange={(e) => update(r.key, { steps: r.steps.map((x, k) => (k === j ? e.target.value : x)) })}>
                        <option value="manager">Jefe a cargo</option>
                        <option value="admin">Un administrador</option>
                        {approvers.map((p) => (
                          <option key={p.id} value={`user:${p.id}`}>
                            {personName(p)} ({p.role === 'admin' ? 'administrador' : 'jefe'})
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                    <Button type="button" variant="ghost" size="icon" aria-label={`Quitar paso ${j + 1} de la regla ${i + 1}`} disabled={r.steps.length === 1} onClick={() => update(r.key, { steps: r.steps.filter((_, k) => k !== j) })}>
                      <X aria-hidden />
                    </Button>
                  </div>
                ))}
                <Button type="button" variant="outline" size="sm" disabled={r.steps.length >= MAX_STEPS} onClick={() => update(r.key, { steps: [...r.steps, 'admin'] })}>
                  <Plus aria-hidden />
                  Agregar paso
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          disabled={drafts.length >= MAX_RULES}
          onClick={() => setDrafts((d) => [...d, { key: newKey(), name: '', min: '', max: '', categoryId: '', costCenterId: '', submitterId: '', steps: ['manager'] }])}
        >
          <Plus aria-hidden />
          Agregar regla
        </Button>
        <Button type="button" onClick={submit} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Guardar reglas
        </Button>
      </div>
    </RulesFrame>
  );
}

function Field({ id, label, children, className }: { id: string; label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 space-y-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function RulesFrame({ children }: { children: React.ReactNode }) {
  return (
    <Card data-flow-card="rules">
      <CardHeader>
        <CardTitle className="text-lg">Reglas de aprobación</CardTitle>
        <CardDescription>
          Se revisan en orden y la primera que calza decide quién aprueba. El «jefe a cargo» es el jefe del centro de costo de la rendición (o, sin él, el de quien rinde); si no hay jefe asignado, lo aprueba un administrador.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}
