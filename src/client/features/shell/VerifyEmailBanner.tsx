import { useMutation } from '@tanstack/react-query';
import { Loader2, MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { apiRequest, errorMessage } from '@client/lib/api';

/** Until the registration e-mail's link is opened: what waits for it, and a way to get a new link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/auth/resend-verification', {}),
    onSuccess: (res) => toast.success('Enlace enviado', { description: res.message }),
    onError: (err) => toast.error('Error', { description: errorMessage(err, 'No se pudo enviar el enlace.') }),
  });
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200 sm:px-6 lg:px-8"
    >
      <MailWarning className="h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        Confirma tu email: te enviamos un enlace a <span className="font-medium break-all">{email}</span>. Hasta entonces no te unirás a las empresas de tu dominio.
      </p>
      <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Reenviar enlace
      </Button>
    </div>
  );
}
