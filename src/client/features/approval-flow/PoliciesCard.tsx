import { useState, type ReactNode } from 'react';
import { Loader2, Save } from 'lucide-react';
import { toast } from 'sonner';
import { POLICY_MODES, POLICY_MODE_LABELS, type ExpensePolicies, type PolicyMode } from '@shared/approval-flow';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { serverExplanation } from '@client/features/approvals/queries';
import { useCategories, usePolicies, useSavePolicies, type CatalogRow } from './queries';

interface Draft {
  limits: Record<string, string>;
  categoryLimitMode: PolicyMode;
  receiptAbove: string;
  receiptMode: PolicyMode;
  maxAge: string;
  receiptAgeMode: PolicyMode;
  duplicateMode: PolicyMode;
}

const toDraft = (p: ExpensePolicies): Draft => ({
  limits: Object.fromEntries(p.categoryLimits.map((l) => [l.categoryId, String(l.maxAmountClp)])),
  categoryLimitMode: p.categoryLimitMode,
  receiptAbove: p.receiptRequiredAboveClp === null ? '' : String(p.receiptRequiredAboveClp),
  receiptMode: p.receiptMode,
  maxAge: p.maxReceiptAgeDays === null ? '' : String(p.maxReceiptAgeDays),
  receiptAgeMode: p.receiptAgeMode,
  duplicateMode: p.duplicateMode,
});
const whole = (v: string): number | null => {
  const d = v.replace(/[$.\s]/g, '');
  return d === '' ? null : /^\d+$/.test(d) ? Number(d) : Number.NaN;
};

/** Policies checked when an expense is filed: 'Advertir' shows the warning to everyone, 'Bloquear' refuses the filing. */
export function PoliciesCard() {
  const policies = usePolicies();
  const categories = useCategories();
  if (policies.isError) return <PoliciesFrame><p role="alert" className="text-sm text-destructive">{serverExplanation(policies.error) ?? 'No se pudieron cargar las políticas.'}</p></PoliciesFrame>;
  if (!policies.data || !categories.data) return <PoliciesFrame><Skeleton className="h-40 w-full" aria-label="Cargando políticas" /></PoliciesFrame>;
  return <PoliciesEditor saved={policies.data} categories={categories.data} />;
}

function PoliciesFrame({ children }: { children: ReactNode }) {
  return (
    <Card data-flow-card="policies">
      <CardHeader>
        <CardTitle className="text-lg">Políticas de gastos</CardTitle>
        <CardDescription>Se revisan mientras se llena una rendición y al enviarla. «Advertir» la deja pasar con el aviso para quien aprueba; «Bloquear» no permite enviarla.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </Card>
  );
}

function PoliciesEditor({ saved, categories }: { saved: ExpensePolicies; categories: CatalogRow[] }) {
  const save = useSavePolicies();
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = () => {
    setError(null);
    const limits = Object.entries(draft.limits).flatMap(([categoryId, v]) => (v.trim() === '' ? [] : [{ categoryId, maxAmountClp: whole(v) }]));
    const receiptRequiredAboveClp = whole(draft.receiptAbove);
    const maxReceiptAgeDays = whole(draft.maxAge);
    if (limits.some((l) => l.maxAmountClp === null || Number.isNaN(l.maxAmountClp)) || Number.isNaN(receiptRequiredAboveClp) || Number.isNaN(maxReceiptAgeDays)) {
      return setError('Usa números enteros (montos en pesos, sin decimales; días enteros).');
    }
    save.mutate(
      { categoryLimits: limits as { categoryId: string; maxAmountClp: number }[], categoryLimitMode: draft.categoryLimitMode, receiptRequiredAboveClp, receiptMode: draft.receiptMode, maxReceiptAgeDays, receiptAgeMode: draft.receiptAgeMode, duplicateMode: draft.duplicateMode },
      {
        onSuccess: (saved) => {
          setDraft(toDraft(saved));
          toast.success('Políticas guardadas');
        },
        onError: (err) => setError(serverExplanation(err) ?? 'No se pudieron guardar las políticas.'),
      },
    );
  };

  return (
    <PoliciesFrame>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Monto máximo por categoría (CLP)</legend>
        <p className="text-xs text-muted-foreground">Vacío: sin límite.</p>
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {categories
            .filter((c) => c.isActive)
            .map((c) => (
              <div key={c.id} className="flex items-center gap-2">
                <Label htmlFor={`limit-${c.id}`} className="w-28 shrink-0 truncate font-normal">
                  {c.name}
                </Label>
                <Input id={`limit-${c.id}`} inputMode="numeric" placeholder="Sin límite" value={draft.limits[c.id] ?? ''} onChange={(e) => set({ limits: { ...draft.limits, [c.id]: e.target.value } })} />
              </div>
            ))}
        </div>
        <div className="sm:max-w-xs">
          <ModeSelect id="limit-mode" label="Si se supera el máximo" value={draft.categoryLimitMode} onChange={(v) => set({ categoryLimitMode: v })} />
        </div>
      </fieldset>
      <div className="grid gap-5 md:grid-cols-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Comprobante obligatorio</legend>
          <Label htmlFor="receipt-above" className="font-normal">
            Sobre este monto (CLP)
          </Label>
          <Input id="receipt-above" inputMode="numeric" placeholder="Nunca obligatorio" value={draft.receiptAbove} onChange={(e) => set({ receiptAbove: e.target.value })} />
          <ModeSelect id="receipt-mode" label="Si falta el comprobante" value={draft.receiptMode} onChange={(v) => set({ receiptMode: v })} />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Antigüedad del comprobante</legend>
          <Label htmlFor="max-age" className="font-normal">
            Máximo de días desde su fecha
          </Label>
          <Input id="max-age" inputMode="numeric" placeholder="Sin límite" value={draft.maxAge} onChange={(e) => set({ maxAge: e.target.value })} />
          <ModeSelect id="age-mode" label="Si es más antiguo" value={draft.receiptAgeMode} onChange={(v) => set({ receiptAgeMode: v })} />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Documentos duplicados</legend>
          <p className="text-xs text-muted-foreground">El mismo archivo, o la misma boleta o factura (RUT, tipo y folio), rendidos dos veces.</p>
          <ModeSelect id="duplicate-mode" label="Si ya se rindió" value={draft.duplicateMode} onChange={(v) => set({ duplicateMode: v })} />
        </fieldset>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="button" onClick={submit} disabled={save.isPending} aria-busy={save.isPending || undefined} className="w-full sm:w-auto">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Guardar políticas
        </Button>
      </div>
    </PoliciesFrame>
  );
}

function ModeSelect({ id, label, value, onChange }: { id: string; label: string; value: PolicyMode; onChange: (v: PolicyMode) => void }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as PolicyMode)}>
        {POLICY_MODES.map((m) => (
          <option key={m} value={m}>
            {POLICY_MODE_LABELS[m]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
