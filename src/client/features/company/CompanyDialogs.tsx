import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createCompanySchema, updateCompanySchema, type CompanyView } from '@shared/company';
import { formatRut } from '@shared/rut';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { apiRequest } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { SubmitButton, fieldAria } from './form-bits';
import { useCompanyAction } from './queries';

type CreateIn = z.input<typeof createCompanySchema>;
type CreateOut = z.output<typeof createCompanySchema>;
type UpdateIn = z.input<typeof updateCompanySchema>;
type UpdateOut = z.output<typeof updateCompanySchema>;

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Empty state's 'Crear empresa': name required, domain optional; the new company becomes the current one. */
export function CreateCompanyDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Crear empresa</DialogTitle>
          <DialogDescription>Serás el administrador de la nueva empresa y podrás invitar a tu equipo.</DialogDescription>
        </DialogHeader>
        <CreateCompanyForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateCompanyForm({ onDone }: { onDone: () => void }) {
  const form = useForm<CreateIn, unknown, CreateOut>({ resolver: zodResolver(createCompanySchema), defaultValues: { name: '', domain: '' } });
  const { errors } = form.formState;
  const keys = useSubmitKey();
  const create = useCompanyAction<CreateOut>({
    request: (data) => submitCreate(keys, '/api/company/create', { name: data.name, ...(data.domain ? { domain: data.domain } : {}) }),
    success: 'Empresa creada',
    fallback: 'No se pudo crear la empresa',
    // The current company changes: every cached answer is stale.
    invalidate: 'all',
    onSuccess: onDone,
    onError: (err) => applyServerError(err, form.setError, ['name', 'domain']),
  });

  return (
    <form onSubmit={form.handleSubmit((d) => create.mutate(d))} className="space-y-4" noValidate>
      <FormField id="create-company-name" label="Nombre de la empresa" error={errors.name?.message}>
        <Input id="create-company-name" placeholder="Ej: Comercial Andes SpA" autoFocus {...fieldAria('create-company-name', errors.name?.message)} {...form.register('name')} />
      </FormField>
      <FormField id="create-company-domain" label="Dominio (opcional)" error={errors.domain?.message}>
        <Input id="create-company-domain" placeholder="miempresa.cl" autoCapitalize="none" {...fieldAria('create-company-domain', errors.domain?.message)} {...form.register('domain')} />
      </FormField>
      <p className="text-xs text-muted-foreground">Quienes se registren con un email de ese dominio se unirán automáticamente como empleados.</p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} label="Crear empresa" pendingLabel="Creando..." />
      </DialogFooter>
    </form>
  );
}

/** 'Editar' (admins): name required; domain, RUT and address optional and sent as absent when empty. */
export function EditCompanyDialog({ company, open, onOpenChange }: DialogProps & { company: CompanyView }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar empresa</DialogTitle>
          <DialogDescription>Los datos de la empresa aparecen en las rendiciones y en los reportes.</DialogDescription>
        </DialogHeader>
        <EditCompanyForm company={company} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditCompanyForm({ company, onDone }: { company: CompanyView; onDone: () => void }) {
  const form = useForm<UpdateIn, unknown, UpdateOut>({
    resolver: zodResolver(updateCompanySchema),
    defaultValues: { name: company.name, domain: company.domain ?? '', taxId: company.taxId ? formatRut(company.taxId) : '', address: company.address ?? '' },
  });
  const { errors } = form.formState;
  const update = useCompanyAction<UpdateOut>({
    request: (data) => {
      const body: Record<string, string> = { name: data.name };
      if (data.domain) body.domain = data.domain;
      if (data.taxId) body.taxId = data.taxId;
      if (data.address) body.address = data.address;
      return apiRequest('PUT', `/api/company/${company.id}`, body);
    },
    success: 'Empresa actualizada',
    fallback: 'No se pudo actualizar la empresa',
    // The switcher shows the company's name from the memberships list.
    invalidate: [qk.currentCompany, qk.memberships],
    onSuccess: onDone,
    onError: (err) => applyServerError(err, form.setError, ['name', 'domain', 'taxId', 'address']),
  });

  return (
    <form onSubmit={form.handleSubmit((d) => update.mutate(d))} className="space-y-4" noValidate>
      <FormField id="edit-company-name" label="Nombre" error={errors.name?.message}>
        <Input id="edit-company-name" {...fieldAria('edit-company-name', errors.name?.message)} {...form.register('name')} />
      </FormField>
      <FormField id="edit-company-domain" label="Dominio" error={errors.domain?.message}>
        <Input id="edit-company-domain" placeholder="miempresa.cl" autoCapitalize="none" {...fieldAria('edit-company-domain', errors.domain?.message)} {...form.register('domain')} />
      </FormField>
      <FormField id="edit-company-taxid" label="RUT" error={errors.taxId?.message}>
        <Input id="edit-company-taxid" placeholder="76.123.456-7" {...fieldAria('edit-company-taxid', errors.taxId?.message)} {...form.register('taxId')} />
      </FormField>
      <FormField id="edit-company-address" label="Dirección" error={errors.address?.message}>
        <Textarea id="edit-company-address" rows={2} placeholder="Av. Providencia 1234, Santiago" {...fieldAria('edit-company-address', errors.address?.message)} {...form.register('address')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={update.isPending} label="Guardar cambios" pendingLabel="Guardando..." />
      </DialogFooter>
    </form>
  );
}
