import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { EMAIL_MSG, testEmailSchema, type TestEmailInput } from '@shared/email';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { SubmitButton, fieldAria } from '@client/features/company/form-bits';
import { SectionTitle } from './SectionTitle';
import { useSendTestEmail } from './queries';

/** 'Enviar email de prueba': the same rules and messages as the server (part 2 §5). */
export function TestEmailForm({ smtp }: { smtp: boolean }) {
  const form = useForm<TestEmailInput, unknown, z.output<typeof testEmailSchema>>({ resolver: zodResolver(testEmailSchema), defaultValues: { email: '' } });
  const send = useSendTestEmail();
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(
    (data) => send.mutate(data.email, { onError: (err) => applyServerError(err, form.setError, ['email']) }),
    (errors) => {
      if (errors.email?.message === EMAIL_MSG.required) toast.error(EMAIL_MSG.requiredTitle, { description: EMAIL_MSG.required });
    },
  );

  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <Send className="h-5 w-5 text-primary" aria-hidden />
          Enviar email de prueba
        </SectionTitle>
        <CardDescription>
          {smtp
            ? 'Se envía ahora por SMTP y verás el resultado. Revisa también la carpeta de spam.'
            : 'Sin SMTP el mensaje queda en la bandeja de salida de esta página, donde puedes leerlo.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Email de prueba" className="space-y-4">
          <FormField id="test-email" label="Email de destino" error={error}>
            <Input
              id="test-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              placeholder="tu@empresa.cl"
              {...fieldAria('test-email', error)}
              {...form.register('email')}
            />
          </FormField>
          <SubmitButton pending={send.isPending} label="Enviar prueba" pendingLabel="Enviando..." />
        </form>
      </CardContent>
    </Card>
  );
}
