import { useState } from 'react';
import { Loader2, Save, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import type { ManagerAssignment } from '@shared/approval-flow';
import type { CompanyUser } from '@shared/company';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { serverExplanation } from '@client/features/approvals/queries';
import { personName, useAssignments, useCompanyPeople, useCostCenters, useSaveAssignment } from './queries';

/** Who manages whom: a manager approves the 'jefe' steps of these cost centers and these people. */
export function AssignmentsCard() {
  const assignments = useAssignments(true);
  const people = useCompanyPeople();
  const costCenters = useCostCenters();
  const loading = !assignments.data || !people.data || !costCenters.data;

  return (
    <Card data-flow-card="teams">
      <CardHeader>
        <CardTitle className="text-lg">Jefes y equipos</CardTitle>
        <CardDescription>Un jefe (rol «Gerente» en Empresa) aprueba los pasos de jefe de los centros de costo y de las personas que le asignes.</CardDescription>
      </CardHeader>
      <CardContent>
        {assignments.isError || people.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverExplanation(assignments.error ?? people.error) ?? 'No se pudieron cargar los equipos.'}
          </p>
        ) : loading ? (
          <div className="space-y-3" aria-busy="true" aria-label="Cargando equipos">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : (
          <ManagerList assignments={assignments.data!} people={people.data!} costCenters={costCenters.data!.filter((c) => c.isActive)} />
        )}
      </CardContent>
    </Card>
  );
}

function ManagerList({ assignments, people, costCenters }: { assignments: ManagerAssignment[]; people: CompanyUser[]; costCenters: { id: string; code?: string; description?: string | null }[] }) {
  const active = people.filter((p) => p.isActive && !p.invitationPending);
  const managers = active.filter((p) => p.role === 'manager' || (p.role === 'admin' && assignments.some((a) => a.managerId === p.id)));
  if (!managers.length) {
    return (
      <p className="flex items-start gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        <UsersRound className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Aún no hay jefes. Cambia el rol de una persona a «Gerente» en Empresa para asignarle un equipo.
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {managers.map((m) => (
        <ManagerRow key={m.id} manager={m} current={assignments.find((a) => a.managerId === m.id)} people={active.filter((p) => p.id !== m.id)} costCenters={costCenters} />
      ))}
    </ul>
  );
}

function ManagerRow({ manager, current, people, costCenters }: { manager: CompanyUser; current?: ManagerAssignment; people: CompanyUser[]; costCenters: { id: string; code?: string; description?: string | null }[] }) {
  const [centers, setCenters] = useState<string[]>(current?.costCenterIds ?? []);
  const [members, setMembers] = useState<string[]>(current?.userIds ?? []);
  const save = useSaveAssignment();
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const name = personName(manager);
  const dirty = JSON.stringify([...centers].sort()) !== JSON.stringify([...(current?.costCenterIds ?? [])].sort()) || JSON.stringify([...members].sort()) !== JSON.stringify([...(current?.userIds ?? [])].sort());

  return (
    <li data-manager={manager.email} className="rounded-lg border p-3 sm:p-4">
      <p className="font-medium">{name}</p>
      <p className="text-xs text-muted-foreground">{manager.email}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Centros de costo</legend>
          {costCenters.length ? (
            <div className="max-h-48 space-y-1 overflow-y-auto pr-1">
              {costCenters.map((c) => (
                <label key={c.id} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="h-4 w-4 accent-primary" checked={centers.includes(c.id)} onChange={() => setCenters((l) => toggle(l, c.id))} />
                  <span className="truncate">
                    {c.code}
                    {c.description ? <span className="text-muted-foreground"> · {c.description}</span> : null}
                  </span>
                </label>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No hay centros de costo activos.</p>
          )}
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Personas</legend>
          <div className="max-h-48 space-y-1 overflow-y-auto pr-1">
            {people.map((p) => (
              <label key={p.id} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-primary" checked={members.includes(p.id)} onChange={() => setMembers((l) => toggle(l, p.id))} />
                <span className="truncate">{personName(p)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="mt-3 flex justify-end">
        <Button
          type="button"
          variant={dirty ? 'default' : 'outline'}
          disabled={save.isPending || !dirty}
          onClick={() =>
            save.mutate(
              { managerId: manager.id, input: { costCenterIds: centers, userIds: members } },
              {
                onSuccess: () => toast.success('Equipo guardado', { description: `${name} aprueba ${centers.length} centro(s) de costo y ${members.length} persona(s).` }),
                onError: (err) => toast.error('No se pudo guardar el equipo', { description: serverExplanation(err) ?? undefined }),
              },
            )
          }
        >
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Guardar equipo de {manager.firstName || name}
        </Button>
      </div>
    </li>
  );
}
