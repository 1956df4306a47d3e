import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { loginSchema, type CurrentUser, type LoginInput } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ApiError, apiRequest, errorMessage } from '@client/lib/api';
import { STORAGE } from '@client/lib/storage';
import { safeNext } from '@client/lib/next-path';
import { queryClient } from '@client/lib/queryClient';
import { qk } from '@client/lib/queryKeys';
import { PasswordInput } from './PasswordInput';

function readRemembered(): { email: string; rememberMe: boolean } {
  try {
    const rememberMe = localStorage.getItem(STORAGE.rememberMe) === 'true';
    return { email: rememberMe ? (localStorage.getItem(STORAGE.rememberedEmail) ?? '') : '', rememberMe };
  } catch {
    return { email: '', rememberMe: false };
  }
}

function saveRemembered(email: string, rememberMe: boolean) {
  try {
    if (rememberMe) {
      localStorage.setItem(STORAGE.rememberedEmail, email);
      localStorage.setItem(STORAGE.rememberMe, 'true');
    } else {
      localStorage.removeItem(STORAGE.rememberedEmail);
      localStorage.removeItem(STORAGE.rememberMe);
    }
  } catch {
    /* storage unavailable */
  }
}

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const remembered = readRemembered();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: remembered.email, password: '', rememberMe: remembered.rememberMe },
  });
  const { errors } = form.formState;
  /** The server's words when it asks for the e-mailed code (many failed attempts on the account, a new place). */
  const [codeNotice, setCodeNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ code, ...data }: LoginInput) => apiRequest<{ user: CurrentUser }>('POST', '/api/auth/login', codeNotice && code ? { ...data, code } : data),
    onSuccess: ({ user }, data) => {
      saveRemembered(data.email.trim().toLowerCase(), data.rememberMe === true);
      queryClient.setQueryData(qk.currentUser, user);
      toast.success('Bienvenido', { description: 'Has iniciado sesión correctamente' });
      // A full navigation after ~500 ms (part 1 §4) so every screen starts from the new session; back to the deep
      // link that sent the user here (/auth?next=…, same-origin paths only), else home.
      const next = safeNext(new URLSearchParams(window.location.search).get('next'));
      setTimeout(() => window.location.assign(next), 500);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'login_code_required') {
        setCodeNotice(err.serverMessage);
        form.setValue('code', '');
        setTimeout(() => form.setFocus('code'), 0);
        return;
      }
      toast.error('Error de autenticación', { description: errorMessage(err, 'No se pudo iniciar sesión.') });
    },
  });

  return (
    <form onSubmit={form.handleSubmit((d) => mutation.mutate(d))} className="space-y-4" noValidate>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          placeholder="tu@empresa.cl"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Contraseña" error={errors.password?.message}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...form.register('password')}
        />
      </FormField>
      {codeNotice ? (
        <div className="space-y-3 rounded-md border border-primary/30 bg-primary/5 p-3">
          <p id="login-code-notice" role="status" className="flex gap-2 text-sm">
            <MailCheck className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            <span>{codeNotice}</span>
          </p>
          <FormField id="login-code" label="Código de 6 dígitos" error={errors.code?.message}>
            <Input
              id="login-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="tracking-[0.4em]"
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'login-code-error login-code-notice' : 'login-code-notice'}
              {...form.register('code')}
            />
          </FormField>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox id="login-remember" checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} />
            )}
          />
          <Label htmlFor="login-remember" className="font-normal">
            Mantener sesión abierta
          </Label>
        </div>
        <button type="button" onClick={onForgot} className="text-sm text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded">
          ¿Olvidaste tu contraseña?
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {mutation.isPending ? 'Ingresando...' : 'Iniciar Sesión'}
      </Button>
    </form>
  );
}
