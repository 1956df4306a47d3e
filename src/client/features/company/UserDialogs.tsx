import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { editUserSchema, inviteUserSchema, type CompanyUser } from '@shared/company';
import { formatRut } from '@shared/rut';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { SubmitButton, fieldAria } from './form-bits';
import { TEAM_KEYS, post, useCompanyAction } from './queries';

type InviteIn = z.input<typeof inviteUserSchema>;
type InviteOut = z.output<typeof inviteUserSchema>;
type EditIn = z.input<typeof editUserSchema>;
type EditOut = z.output<typeof editUserSchema>;

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Invitar Usuario': the e-mail is trimmed and lowercased by the shared schema before it is sent. */
export function InviteUserDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invitar Usuario</DialogTitle>
          <DialogDescription>Le enviaremos un email para que cree su contraseña y se una a la empresa como empleado.</DialogDescription>
        </DialogHeader>
        <InviteForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const form = useForm<InviteIn, unknown, InviteOut>({ resolver: zodResolver(inviteUserSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const keys = useSubmitKey();
  const invite = useCompanyAction<InviteOut>({
    request: (data) => submitCreate(keys, '/api/company/invite', data),
    success: 'Invitación enviada',
    fallback: 'No se pudo invitar al usuario',
    invalidate: TEAM_KEYS,
    onSuccess: onDone,
    onError: (err) => applyServerError(err, form.setError, ['email']),
  });
  return (
    <form onSubmit={form.handleSubmit((d) => invite.mutate(d))} className="space-y-4" noValidate>
      <FormField id="invite-email" label="Email" error={error}>
        <Input id="invite-email" type="email" autoComplete="off" placeholder="persona@empresa.cl" autoFocus {...fieldAria('invite-email', error)} {...form.register('email')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={invite.isPending} label="Enviar invitación" pendingLabel="Enviando..." />
      </DialogFooter>
    </form>
  );
}

/** 'Editar usuario': first name and e-mail required; last name and RUT optional. */
export function EditUserDialog({ user, onOpenChange, isSelf }: { user: CompanyUser | null; onOpenChange: (open: boolean) => void; isSelf: boolean }) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar usuario</DialogTitle>
          <DialogDescription>{user?.email}</DialogDescription>
        </DialogHeader>
        {user ? <EditUserForm user={user} isSelf={isSelf} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const EDIT_FIELDS = ['firstName', 'lastName', 'email', 'taxId'] as const;

function EditUserForm({ user, isSelf, onDone }: { user: CompanyUser; isSelf: boolean; onDone: () => void }) {
  const form = useForm<EditIn, unknown, EditOut>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, taxId: user.taxId ? formatRut(user.taxId) : '' },
  });
  const { errors } = form.formState;
  const edit = useCompanyAction<EditOut>({
    request: (data) => post('/api/company/edit-user', data),
    success: 'Usuario actualizado',
    fallback: 'No se pudo actualizar el usuario',
    // Editing oneself changes the name in the sidebar and the user menu too.
    invalidate: isSelf ? [qk.companyUsers, qk.currentUser] : [qk.companyUsers],
    onSuccess: onDone,
    onError: (err) => applyServerError(err, form.setError, EDIT_FIELDS),
  });
  const id = (f: string) => `edit-user-${f}`;
  return (
    <form onSubmit={form.handleSubmit((d) => edit.mutate(d))} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('firstName')} label="Nombre" error={errors.firstName?.message}>
          <Input id={id('firstName')} autoComplete="off" {...fieldAria(id('firstName'), errors.firstName?.message)} {...form.register('firstName')} />
        </FormField>
        <FormField id={id('lastName')} label="Apellido" error={errors.lastName?.message}>
          <Input id={id('lastName')} autoComplete="off" {...fieldAria(id('lastName'), errors.lastName?.message)} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id={id('email')} label="Email" error={errors.email?.message}>
        <Input id={id('email')} type="email" autoComplete="off" {...fieldAria(id('email'), errors.email?.message)} {...form.register('email')} />
      </FormField>
      <FormField id={id('taxId')} label="RUT (opcional)" error={errors.taxId?.message}>
        <Input id={id('taxId')} placeholder="12.345.678-5" {...fieldAria(id('taxId'), errors.taxId?.message)} {...form.register('taxId')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={edit.isPending} label="Guardar cambios" pendingLabel="Guardando..." />
      </DialogFooter>
    </form>
  );
}

/** Deactivation ends the person's sessions, so it is confirmed first. */
export function ConfirmDeactivateDialog({
  user,
  name,
  pending,
  onConfirm,
  onOpenChange,
}: {
  user: CompanyUser | null;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Desactivar a {name}?</DialogTitle>
          <DialogDescription>
            Dejará de tener acceso a esta empresa y se cerrarán sus sesiones abiertas. Podrás reactivarlo más adelante si tu plan tiene cupo.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? 'Desactivando...' : 'Desactivar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Hacer administrador' and 'Quitar administrador' change what the person can see and do at once, so they are
 * confirmed first. A refusal (the last active admin, an invitation not accepted yet) stays in the dialog.
 */
export function ConfirmRoleDialog({
  change,
  name,
  pending,
  error,
  onConfirm,
  onOpenChange,
}: {
  change: { user: CompanyUser; role: 'admin' | 'manager' | 'employee' } | null;
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const promote = change?.role === 'admin';
  // Issue 20: to or from 'Gerente' (manager), who approves the steps of their team.
  const manager = change?.role === 'manager' || (change?.role === 'employee' && change.user.role === 'manager');
  return (
    <Dialog open={change !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {manager ? (change?.role === 'manager' ? `¿Hacer gerente a ${name}?` : `¿Quitar el rol de gerente a ${name}?`) : promote ? `¿Hacer administrador a ${name}?` : `¿Quitar el rol de administrador a ${name}?`}
          </DialogTitle>
          <DialogDescription>
            {manager
              ? change?.role === 'manager'
                ? 'Aprobará los pasos de jefe de las personas y centros de costo que le asignes en Configuración → Flujo de aprobación. No podrá gestionar la empresa.'
                : 'Pasará a ser empleado: ya no aprobará rendiciones de su equipo (sus pasos abiertos los aprobará un administrador o quien se los reasigne).'
              : promote
                ? 'Podrá aprobar y rechazar rendiciones, ver las de toda la empresa, invitar y desactivar personas, cambiar el plan y la configuración. Podrás quitarle el rol más adelante.'
                : 'Pasará a ser empleado: solo verá y rendirá sus propios gastos y ya no podrá aprobar rendiciones ni gestionar la empresa.'}
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="button" variant={promote || change?.role === 'manager' ? 'default' : 'destructive'} disabled={pending} onClick={onConfirm}>
            {pending ? 'Guardando...' : manager ? (change?.role === 'manager' ? 'Hacer gerente' : 'Quitar rol de gerente') : promote ? 'Hacer administrador' : 'Quitar administrador'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
