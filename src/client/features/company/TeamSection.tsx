import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LockOpen, Mail, MoreHorizontal, Pencil, ShieldCheck, ShieldMinus, UserCheck, UserPlus, UserX, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS } from '@shared/auth';
import { isPendingInvitation, type CompanyUser } from '@shared/company';
import { formatDate } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { initials } from '@client/lib/utils';
import { qk } from '@client/lib/queryKeys';
import { SectionError } from '@client/features/dashboard/SectionError';
import { MenuContent, MenuItem, MenuSeparator } from '@client/features/shell/menu';
import { errorMessage } from '@client/lib/api';
import { ConfirmDeactivateDialog, ConfirmRoleDialog, EditUserDialog, InviteUserDialog } from './UserDialogs';
import { TEAM_KEYS, post, useCompanyAction, useCompanyUsers } from './queries';

export function displayName(u: Pick<CompanyUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** Activo / Inactivo / 'Invitación pendiente' (part 2 §2.1, §4); a deactivated invitation is simply inactive. */
function StatusBadge({ user }: { user: CompanyUser }) {
  if (!user.isActive) return <Badge variant="secondary">Inactivo</Badge>;
  if (isPendingInvitation(user)) return <Badge variant="warning">Invitación pendiente</Badge>;
  return <Badge variant="success">Activo</Badge>;
}

function RoleBadge({ role }: { role: CompanyUser['role'] }) {
  return <Badge variant={role === 'admin' ? 'default' : 'outline'}>{ROLE_LABELS[role] ?? role}</Badge>;
}

function Person({ user, isSelf }: { user: CompanyUser; isSelf: boolean }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initials(user.firstName, user.lastName, user.email)}
      </span>
      <span className="min-w-0">
        {/* An invitee has no name until they accept; the e-mail is in its own column. */}
        <span className={name ? 'block truncate font-medium' : 'block truncate italic text-muted-foreground'} title={name || undefined}>
          {name || 'Sin nombre aún'}
        </span>
        {isSelf ? <span className="block text-xs text-muted-foreground">Tú</span> : null}
      </span>
    </div>
  );
}

interface RowHandlers {
  onEdit: (u: CompanyUser) => void;
  onMakeAdmin: (u: CompanyUser) => void;
  onRemoveAdmin: (u: CompanyUser) => void;
  /** Issue 20: a manager ('Gerente') approves the steps of the people and cost centers assigned to them. */
  onSetManager: (u: CompanyUser, manager: boolean) => void;
  onResend: (u: CompanyUser) => void;
  onDeactivate: (u: CompanyUser) => void;
  onReactivate: (u: CompanyUser) => void;
  onUnlockLogin: (u: CompanyUser) => void;
}

/**
 * Per-row actions. 'Hacer administrador' only for active people who accepted their invitation; 'Quitar administrador'
 * for another admin (the server keeps the last active one). Both are confirmed in a dialog.
 */
function RowMenu({ user, isSelf, h }: { user: CompanyUser; isSelf: boolean; h: RowHandlers }) {
  const pending = user.isActive && isPendingInvitation(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Acciones para ${displayName(user)}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="min-w-[12rem]">
        <MenuItem onSelect={() => h.onEdit(user)}>
          <Pencil aria-hidden /> Editar usuario
        </MenuItem>
        {user.role !== 'admin' && user.isActive && !isPendingInvitation(user) ? (
          <MenuItem onSelect={() => h.onMakeAdmin(user)}>
            <ShieldCheck aria-hidden /> Hacer administrador
          </MenuItem>
        ) : null}
        {user.role === 'employee' && user.isActive && !isPendingInvitation(user) ? (
          <MenuItem onSelect={() => h.onSetManager(user, true)}>
            <UsersRound aria-hidden /> Hacer gerente (aprueba su equipo)
          </MenuItem>
        ) : null}
        {user.role === 'manager' ? (
          <MenuItem onSelect={() => h.onSetManager(user, false)}>
            <UsersRound aria-hidden /> Quitar rol de gerente
          </MenuItem>
        ) : null}
        {user.role === 'admin' && !isSelf ? (
          <MenuItem onSelect={() => h.onRemoveAdmin(user)}>
            <ShieldMinus aria-hidden /> Quitar administrador
          </MenuItem>
        ) : null}
        {pending ? (
          <MenuItem onSelect={() => h.onResend(user)}>
            <Mail aria-hidden /> Reenviar invitación
          </MenuItem>
        ) : null}
        {user.hasPassword && !isSelf ? (
          // Clears the account's failed sign-in attempts: no more waits, no e-mailed code (auth/login-guard.ts).
          <MenuItem onSelect={() => h.onUnlockLogin(user)}>
            <LockOpen aria-hidden /> Desbloquear ingreso
          </MenuItem>
        ) : null}
        {user.isActive && !isSelf ? (
          <>
            <MenuSeparator />
            <MenuItem onSelect={() => h.onDeactivate(user)} className="text-red-600 dark:text-red-400">
              <UserX aria-hidden /> Desactivar
            </MenuItem>
          </>
        ) : null}
        {!user.isActive ? (
          <>
            <MenuSeparator />
            <MenuItem onSelect={() => h.onReactivate(user)}>
              <UserCheck aria-hidden /> Reactivar
            </MenuItem>
          </>
        ) : null}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function UsersTable({ users, selfId, h }: { users: CompanyUser[]; selfId: string; h: RowHandlers }) {
  return (
    <>
      <div className="hidden relative overflow-x-auto xl:block">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-medium">Usuario</th>
              <th scope="col" className="px-2 py-2 font-medium">Email</th>
              <th scope="col" className="px-2 py-2 font-medium">Rol</th>
              <th scope="col" className="px-2 py-2 font-medium">Estado</th>
              <th scope="col" className="px-2 py-2 font-medium">Fecha de Ingreso</th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b last:border-0">
                <td className="max-w-[12rem] py-3 pr-2"><Person user={u} isSelf={u.id === selfId} /></td>
                <td className="max-w-[12rem] truncate px-2 py-3 text-muted-foreground" title={u.email}>{u.email}</td>
                <td className="whitespace-nowrap px-2 py-3"><RoleBadge role={u.role} /></td>
                <td className="whitespace-nowrap px-2 py-3"><StatusBadge user={u} /></td>
                <td className="whitespace-nowrap px-2 py-3 tabular-nums">{formatDate(u.joinedAt)}</td>
                <td className="py-3 pl-2 text-right"><RowMenu user={u} isSelf={u.id === selfId} h={h} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Narrower screens: one card per person with the same facts. */}
      <ul className="grid gap-3 md:grid-cols-2 xl:hidden">
        {users.map((u) => (
          <li key={u.id} className="rounded-lg border p-3">
            <div className="flex items-start justify-between gap-2">
              <Person user={u} isSelf={u.id === selfId} />
              <RowMenu user={u} isSelf={u.id === selfId} h={h} />
            </div>
            <p className="mt-2 truncate text-sm text-muted-foreground">{u.email}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
              <RoleBadge role={u.role} />
              <StatusBadge user={u} />
              <span className="text-muted-foreground">Ingreso: {formatDate(u.joinedAt)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Admins only: the company's people, the invite dialog and each row's actions. */
export function TeamSection({ selfId }: { selfId: string }) {
  const users = useCompanyUsers(true);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [deactivating, setDeactivating] = useState<CompanyUser | null>(null);

  const [roleChange, setRoleChange] = useState<{ user: CompanyUser; role: 'admin' | 'manager' | 'employee' } | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const changeRole = useCompanyAction<{ user: CompanyUser; role: 'admin' | 'manager' | 'employee' }>({
    request: ({ user, role }) => post('/api/company/change-user-role', { userId: user.id, role }),
    success: 'Rol actualizado',
    fallback: 'No se pudo cambiar el rol del usuario',
    invalidate: TEAM_KEYS,
    onSuccess: () => setRoleChange(null),
    onError: (err) => setRoleError(errorMessage(err, 'No se pudo cambiar el rol del usuario')),
  });
  const askRole = (user: CompanyUser, role: 'admin' | 'manager' | 'employee') => {
    setRoleError(null);
    setRoleChange({ user, role });
  };
  const resend = useCompanyAction<CompanyUser>({
    request: (u) => post('/api/company/resend-invitation', { email: u.email }),
    success: 'Invitación reenviada',
    fallback: 'Error al reenviar invitación',
    invalidate: [qk.companyUsers],
  });
  const deactivate = useCompanyAction<CompanyUser>({
    request: (u) => post(`/api/company/users/${u.id}/deactivate`),
    success: 'Usuario desactivado',
    fallback: 'No se pudo desactivar el usuario',
    invalidate: TEAM_KEYS,
    onSuccess: () => setDeactivating(null),
  });
  const reactivate = useCompanyAction<CompanyUser>({
    request: (u) => post(`/api/company/users/${u.id}/reactivate`),
    success: 'Usuario reactivado',
    fallback: 'No se pudo reactivar el usuario',
    invalidate: TEAM_KEYS,
  });

  const unlockLogin = useCompanyAction<CompanyUser>({
    request: (u) => post(`/api/company/users/${u.id}/unlock-login`),
    success: 'Ingreso desbloqueado',
    fallback: 'No se pudo desbloquear el ingreso',
    invalidate: [],
  });

  const handlers: RowHandlers = {
    onEdit: setEditing,
    onMakeAdmin: (u) => askRole(u, 'admin'),
    onRemoveAdmin: (u) => askRole(u, 'employee'),
    onSetManager: (u, manager) => askRole(u, manager ? 'manager' : 'employee'),
    onResend: (u) => resend.mutate(u),
    onDeactivate: setDeactivating,
    onReactivate: (u) => reactivate.mutate(u),
    onUnlockLogin: (u) => unlockLogin.mutate(u),
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <Users className="h-5 w-5 text-muted-foreground" aria-hidden />
            Usuarios de la empresa
          </CardTitle>
          <CardDescription>Invita a tu equipo, asigna administradores y controla quién tiene acceso.</CardDescription>
        </div>
        <Button onClick={() => setInviteOpen(true)} className="w-full sm:w-auto">
          <UserPlus aria-hidden />
          Invitar Usuario
        </Button>
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label="Cargando usuarios">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <SectionError title="No se pudieron cargar los usuarios" error={users.error} onRetry={() => void users.refetch()} />
        ) : (
          <UsersTable users={users.data} selfId={selfId} h={handlers} />
        )}
      </CardContent>
      <InviteUserDialog open={inviteOpen} onOpenChange={setInviteOpen} />
      <EditUserDialog user={editing} isSelf={editing?.id === selfId} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmRoleDialog
        change={roleChange}
        name={roleChange ? displayName(roleChange.user) : ''}
        pending={changeRole.isPending}
        error={roleError}
        onConfirm={() => roleChange && changeRole.mutate(roleChange)}
        onOpenChange={(open) => !open && setRoleChange(null)}
      />
      <ConfirmDeactivateDialog
        user={deactivating}
        name={deactivating ? displayName(deactivating) : ''}
        pending={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
        onOpenChange={(open) => !open && setDeactivating(null)}
      />
    </Card>
  );
}
