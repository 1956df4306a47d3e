import { CreditCard, LogIn, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminCompany } from '@shared/admin';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useSwitchCompany } from '@client/features/shell/queries';
import { useCurrentUser } from '@client/lib/auth';
import { AssignPlanDialog } from './AssignPlanDialog';
import { CompaniesSection } from './CompaniesSection';
import { ManageUsersDialog } from './ManageUsersDialog';
import { PageHeading, SuperAdminOnly } from './parts';

/** 'Gestión de Empresas' (part 2 §2.2): every company, its team and its plan; 'Entrar' opens its own screens. */
export function CompanyManagementPage() {
  return (
    <SuperAdminOnly>
      <CompanyManagement />
    </SuperAdminOnly>
  );
}

function CompanyManagement() {
  const [managing, setManaging] = useState<AdminCompany | null>(null);
  const [assigning, setAssigning] = useState<AdminCompany | null>(null);
  const { user } = useCurrentUser();
  const switchCompany = useSwitchCompany();
  const navigate = useNavigate();

  // Entering is audited by the server and shown in the top bar ('Viendo Empresa X como super admin'). The switch
  // refreshes the session, which remounts the shell and this page, so a per-call onSuccess would never run.
  const enter = async (c: AdminCompany) => {
    if (c.id !== user?.currentCompanyId) {
      try {
        await switchCompany.mutateAsync(c.id);
      } catch {
        return; // the hook's toast said why
      }
    }
    void navigate('/company');
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title="Gestión de Empresas" description="Administra los usuarios y el plan de cada empresa de la plataforma." />
      <Card>
        <CardContent className="p-4 pt-4 sm:p-6">
          <CompaniesSection
            idPrefix="management"
            header={(count) => <p className="text-sm font-medium text-muted-foreground">{count}</p>}
            actions={(c) => (
              <>
                <Button variant="outline" size="sm" onClick={() => setManaging(c)} aria-label={`Gestionar Usuarios de ${c.name}`}>
                  <Users aria-hidden />
                  Gestionar Usuarios
                </Button>
                <Button variant="outline" size="sm" onClick={() => setAssigning(c)} aria-label={`Asignar Plan a ${c.name}`}>
                  <CreditCard aria-hidden />
                  Asignar Plan
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void enter(c)} disabled={switchCompany.isPending} aria-label={`Entrar a ${c.name}`}>
                  <LogIn aria-hidden />
                  Entrar
                </Button>
              </>
            )}
          />
        </CardContent>
      </Card>
      <ManageUsersDialog company={managing} onClose={() => setManaging(null)} />
      <AssignPlanDialog company={assigning} onClose={() => setAssigning(null)} />
    </div>
  );
}
