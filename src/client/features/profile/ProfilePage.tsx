import { useEffect } from 'react';
import { Landmark, Loader2, Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatDate } from '@shared/format';
import { formatRut } from '@shared/rut';
import { ACCOUNT_TYPES, ACCOUNT_TYPE_LABELS, CHILEAN_BANKS, bankAccountInputSchema, type BankAccountInput, type BankAccountView } from '@shared/reimbursements';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { useCurrentUser } from '@client/lib/auth';
import { qk } from '@client/lib/queryKeys';

type Answer = { account: BankAccountView | null };
const EMPTY: BankAccountInput = { holderRut: '', bank: '', accountType: 'corriente', accountNumber: '' };

/** Mi perfil: who I am and where my reimbursements are paid. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi perfil</h1>
        <p className="text-sm text-muted-foreground">
          {user ? `${user.firstName} ${user.lastName}`.trim() : ''} {user ? `· ${user.email}` : ''}
        </p>
      </div>
      <BankAccountCard />
    </div>
  );
}

function BankAccountCard() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: qk.bankAccount, queryFn: () => apiGet<Answer>('/api/profile/bank-account') });
  const form = useForm<BankAccountInput, unknown, z.output<typeof bankAccountInputSchema>>({ resolver: zodResolver(bankAccountInputSchema), defaultValues: EMPTY });
  const account = current.data?.account ?? null;
  useEffect(() => {
    // The number is never sent back: the form starts from the rest and asks for the number again.
    if (account) form.reset({ holderRut: formatRut(account.holderRut), bank: account.bank, accountType: account.accountType, accountNumber: '' });
  }, [account, form]);
  const save = useMutation({
    mutationFn: (body: z.output<typeof bankAccountInputSchema>) => apiRequest<Answer>('PUT', '/api/profile/bank-account', body),
    onSuccess: (data) => {
      queryClient.setQueryData(qk.bankAccount, data);
      toast.success('Datos bancarios guardados');
    },
    onError: (err) => {
      applyServerError(err, form.setError, ['holderRut', 'bank', 'accountType', 'accountNumber']);
      toast.error('No se pudieron guardar los datos bancarios', { description: errorMessage(err, 'Intenta nuevamente.') });
    },
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Landmark className="h-5 w-5 text-primary" aria-hidden />
          Datos bancarios para reembolsos
        </CardTitle>
        <CardDescription>Cuando pagas un gasto con tu dinero (efectivo, tarjeta personal), la empresa te lo transfiere a esta cuenta.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {current.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : current.isError ? (
          <LoadErrorState title="No se pudieron cargar tus datos bancarios" message={errorMessage(current.error, 'Intenta nuevamente.')} onRetry={() => void current.refetch()} retrying={current.isFetching} />
        ) : (
          <>
            {account ? (
              <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="bank-account-current">
                Cuenta registrada: <strong>{account.bankName}</strong> · {ACCOUNT_TYPE_LABELS[account.accountType]} {account.accountMasked}
                <span className="block text-xs text-muted-foreground">Actualizada el {formatDate(account.updatedAt)}</span>
              </p>
            ) : (
              <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground" role="status">
                Aún no registras una cuenta: sin ella la empresa no puede reembolsarte.
              </p>
            )}
            <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} aria-label="Datos bancarios">
              <FormField id="bank-holderRut" label="RUT del titular *" error={errors.holderRut?.message}>
                <Input id="bank-holderRut" placeholder="12.345.678-5" autoComplete="off" aria-invalid={errors.holderRut ? true : undefined} {...form.register('holderRut')} />
              </FormField>
              <FormField id="bank-bank" label="Banco *" error={errors.bank?.message}>
                <NativeSelect id="bank-bank" aria-invalid={errors.bank ? true : undefined} {...form.register('bank')}>
                  <option value="">Elige tu banco</option>
                  {CHILEAN_BANKS.map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="bank-accountType" label="Tipo de cuenta *" error={errors.accountType?.message}>
                <NativeSelect id="bank-accountType" {...form.register('accountType')}>
                  {ACCOUNT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {ACCOUNT_TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="bank-accountNumber" label="Número de cuenta *" error={errors.accountNumber?.message} hint={account ? <span className="text-xs text-muted-foreground">Escríbelo de nuevo para cambiarla</span> : undefined}>
                <Input id="bank-accountNumber" inputMode="numeric" autoComplete="off" placeholder={account ? account.accountMasked : 'Solo números'} aria-invalid={errors.accountNumber ? true : undefined} {...form.register('accountNumber')} />
              </FormField>
              <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  El número de cuenta se guarda cifrado y solo aparece en el archivo de pago que descarga un administrador.
                </p>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  Guardar datos bancarios
                </Button>
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
