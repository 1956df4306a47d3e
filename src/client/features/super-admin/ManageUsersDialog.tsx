import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_ROLES, adminInviteUserSchema, type AdminCompany } from '@shared/admin';
import { ROLE_LABELS, type Role } from '@shared/auth';
import { isPendingInvitation, type CompanyUser } from '@shared/company';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { SubmitButton, fieldAria } from '@client/features/company/form-bits';
import { SectionError } from '@client/features/dashboard/SectionError';
import { errorMessage } from '@client/lib/api';
import { useAdminCompanyUsers, useChangeCompanyUserRole, useInviteToCompany, useRemoveCompanyUser } from './queries';

type InviteIn = z.input<typeof adminInviteUserSchema>;
type InviteOut = z.output<typeof adminInviteUserSchema>;

const displayName = (u: CompanyUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Activo / Inactivo / 'Invitación pendiente', as on the company page. */
function StatusBadge({ user }: { user: CompanyUser }) {
  if (!user.isActive) return <Badge variant="secondary">Inactivo</Badge>;
  if (isPendingInvitation(user)) return <Badge variant="warning">Invitación pendiente</Badge>;
  return <Badge variant="success">Activo</Badge>;
}

/**
 * 'Gestionar Usuarios' (part 2 §2.2): any company's team as its admin sees it, with role changes and removal, and an
 * invitation with the role chosen (employee by default). The server keeps the company's last active admin.
 */
export function ManageUsersDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const [tab, setTab] = useState('current');
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          setTab('current');
        }
      }}
    >
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Gestionar Usuarios</DialogTitle>
          <DialogDescription>{company?.name}</DialogDescription>
        </DialogHeader>
        {company ? (
          <Tabs value={tab} onValueChange={setTab} className="min-w-0">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="current">
                <Users className="mr-1.5 hidden h-4 w-4 sm:inline" aria-hidden />
                Usuarios Actuales
              </TabsTrigger>
              <TabsTrigger value="invite">
                <UserPlus className="mr-1.5 hidden h-4 w-4 sm:inline" aria-hidden />
                Invitar Usuario
              </TabsTrigger>
            </TabsList>
            <TabsContent value="current">
              <CurrentUsers company={company} />
            </TabsContent>
            <TabsContent value="invite">
              <InviteForm company={company} onInvited={() => setTab('current')} />
            </TabsContent>
          </Tabs>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleSelect({ user, company }: { user: CompanyUser; company: AdminCompany }) {
  const change = useChangeCompanyUserRole(company.id);
  const id = `role-${user.id}`;
  // 'manager' exists in the data; it shows while it is the person's role, and the choices are employee or admin.
  const roles: readonly Role[] = (ADMIN_ROLES as readonly Role[]).includes(user.role) ? ADMIN_ROLES : [...ADMIN_ROLES, user.role];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Rol de {user.email}
      </label>
      <NativeSelect
        id={id}
        className="h-9 min-w-[9.5rem]"
        value={change.isPending && change.variables ? change.variables.role : user.role}
        disabled={change.isPending}
        onChange={(e) => change.mutate({ userId: user.id, role: e.target.value as Role })}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
      {change.isPending ? <Loader2 className="h-4 w-4 animate-spin text-muted-foreground" aria-label="Guardando rol" /> : null}
    </div>
  );
}

function CurrentUsers({ company }: { company: AdminCompany }) {
  const users = useAdminCompanyUsers(company.id);
  const [removing, setRemoving] = useState<CompanyUser | null>(null);
  if (users.isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando usuarios" className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (users.isError) return <SectionError title="No se pudieron cargar los usuarios" error={users.error} onRetry={() => void users.refetch()} />;
  if (users.data.length === 0) {
    return (
      <p role="status" className="rounded-lg border px-4 py-8 text-center text-sm text-muted-foreground">
        Esta empresa no tiene usuarios. Invita a alguien desde la pestaña Invitar Usuario.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label={`Usuarios de ${company.name}`}>
        {users.data.map((u) => {
          const name = `${u.firstName} ${u.lastName}`.trim();
          return (
            <li key={u.id} data-testid="company-user" className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className={name ? 'truncate font-medium' : 'truncate italic text-muted-foreground'}>{name || 'Sin nombre aún'}</p>
                <p className="truncate text-sm text-muted-foreground" title={u.email}>
                  {u.email}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge user={u} />
                <RoleSelect user={u} company={company} />
                <Button variant="ghost" size="icon" className="text-red-600 hover:text-red-700 dark:text-red-400" aria-label={`Eliminar a ${u.email} de la empresa`} onClick={() => setRemoving(u)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmRemoveDialog company={company} user={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function ConfirmRemoveDialog({ company, user, onClose }: { company: AdminCompany; user: CompanyUser | null; onClose: () => void }) {
  const remove = useRemoveCompanyUser(company.id);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Eliminar de la empresa?</DialogTitle>
          <DialogDescription>
            {user ? displayName(user) : ''} dejará de pertenecer a {company.name}. Su cuenta y las rendiciones que presentó se conservan.
          </DialogDescription>
        </DialogHeader>
        {remove.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-300">
            {errorMessage(remove.error, 'Error al eliminar usuario')}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancelar
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending || !user} onClick={() => user && remove.mutate(user.id, { onSuccess: close })}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            Eliminar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ company, onInvited }: { company: AdminCompany; onInvited: () => void }) {
  const form = useForm<InviteIn, unknown, InviteOut>({ resolver: zodResolver(adminInviteUserSchema), defaultValues: { email: '', role: 'employee' } });
  const invite = useInviteToCompany(company.id);
  const emailError = form.formState.errors.email?.message;
  const roleError = form.formState.errors.role?.message;
  const submit = form.handleSubmit((data) =>
    invite.mutate(data, {
      onSuccess: () => {
        form.reset();
        onInvited();
      },
      onError: (err) => applyServerError(err, form.setError, ['email', 'role']),
    }),
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={`Invitar usuario a ${company.name}`}>
      <p className="text-sm text-muted-foreground">Le enviaremos un email para que se una a {company.name}. Aparecerá como invitación pendiente hasta que la acepte.</p>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <FormField id="admin-invite-email" label="Email" error={emailError}>
          <Input id="admin-invite-email" type="email" autoComplete="off" placeholder="persona@empresa.cl" {...fieldAria('admin-invite-email', emailError)} {...form.register('email')} />
        </FormField>
        <FormField id="admin-invite-role" label="Rol" error={roleError}>
          <NativeSelect id="admin-invite-role" {...fieldAria('admin-invite-role', roleError)} {...form.register('role')}>
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <DialogFooter>
        <SubmitButton pending={invite.isPending} label="Enviar invitación" pendingLabel="Enviando..." />
      </DialogFooter>
    </form>
  );
}
