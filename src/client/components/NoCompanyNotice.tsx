import type { ReactNode } from 'react';
import { Building2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { StateMessage } from '@client/components/ui/state-message';
import { useCurrentUser } from '@client/lib/auth';
import { titleFor } from '@client/routes';

/**
 * What a company's page says to someone in no company (a super admin outside every company, or a user whose
 * membership ended): the real cause and the way to one, instead of the 400 every read of the page would answer.
 * `need`: what the company is needed for ('crear rendiciones').
 */
export function NoCompanyNotice({ need, isSuperAdmin }: { need: string; isSuperAdmin: boolean }) {
  return (
    <StateMessage icon={<Building2 className="h-10 w-10" />} title={`Necesitas una empresa para ${need}`}>
      <p className="max-w-md text-sm text-muted-foreground">
        {isSuperAdmin
          ? `Como super administrador no estás dentro de ninguna empresa. Entra a una desde Gestión de Empresas o con el selector de empresa para ${need} en ella.`
          : 'Tu usuario no pertenece a ninguna empresa. Crea una o únete a la de tu equipo desde la página Empresa.'}
      </p>
      <Button asChild className="mt-2">
        <Link to={isSuperAdmin ? '/company-management' : '/company'}>
          <Building2 aria-hidden />
          {isSuperAdmin ? 'Ir a Gestión de Empresas' : 'Ir a Empresa'}
        </Link>
      </Button>
    </StateMessage>
  );
}

/**
 * A route whose page works on the current company: without one, the page's title and the notice, and none of the
 * page's reads is made.
 */
export function CompanyOnly({ need, children }: { need: string; children: ReactNode }) {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (!user || user.currentCompanyId) return children;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 sm:space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{titleFor(pathname)}</h1>
      <NoCompanyNotice need={need} isSuperAdmin={user.isSuperAdmin} />
    </div>
  );
}
