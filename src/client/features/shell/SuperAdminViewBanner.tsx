import { Loader2, LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@client/components/ui/button';
import { useExitCompanyView } from './queries';

/**
 * Under the top bar while a super admin works in a company they are not a member of (issue 14 item 3): whose data
 * this is, and the way back to the super admin panel. The server audits both the entry and the exit.
 */
export function SuperAdminViewBanner({ companyName }: { companyName: string }) {
  const navigate = useNavigate();
  const exit = useExitCompanyView(() => void navigate('/super-admin'));
  return (
    <div
      role="status"
      aria-label="Modo super admin"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100 sm:px-6 lg:px-8"
    >
      <ShieldCheck className="h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        Viendo Empresa <span className="font-semibold break-words">{companyName}</span> como super admin
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="border-amber-400 bg-white/70 hover:bg-white dark:border-amber-700 dark:bg-transparent"
        disabled={exit.isPending}
        onClick={() => exit.mutate()}
        aria-label="Salir de la empresa"
      >
        {exit.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
        <span className="sm:hidden">Salir</span>
        <span className="hidden sm:inline">Salir de la empresa</span>
      </Button>
    </div>
  );
}
