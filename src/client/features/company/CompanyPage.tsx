import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { SectionError } from '@client/features/dashboard/SectionError';
import { CreateCompanyDialog, EditCompanyDialog } from './CompanyDialogs';
import { BecomeAdminBlock, CompanyHeader, CompanyInfoCard, CompanyStatCards } from './CompanyOverview';
import { ApprovalSettingsCard } from './ApprovalSettingsCard';
import { TeamSection } from './TeamSection';
import { useCompany, useCompanyStats } from './queries';

function NoCompany() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Building2 className="h-12 w-12 text-muted-foreground" aria-hidden />
        <h2 className="text-xl font-semibold">Sin empresa asignada</h2>
        <p className="text-sm text-muted-foreground">Crea tu empresa para empezar a rendir gastos, o pide a tu administrador que te invite.</p>
        <Button onClick={() => setOpen(true)}>
          <Plus aria-hidden />
          Crear empresa
        </Button>
      </CardContent>
      <CreateCompanyDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/** Empresa (part 2 §2.1): the company record, its numbers and, for admins, its team. */
export function CompanyPage() {
  const { user } = useCurrentUser();
  const company = useCompany();
  const stats = useCompanyStats(!!company.data);
  const [editOpen, setEditOpen] = useState(false);

  let body;
  if (company.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Cargando empresa..." />
      </div>
    );
  } else if (company.isError) {
    body = <SectionError title="No se pudo cargar la empresa" error={company.error} onRetry={() => void company.refetch()} />;
  } else if (!company.data) {
    body = <NoCompany />;
  } else {
    const c = company.data;
    const canManage = c.userRole === 'admin' || isAdmin(user);
    body = (
      <>
        <CompanyHeader company={c} canManage={canManage} onEdit={() => setEditOpen(true)} />
        {!canManage && !c.hasActiveAdmin ? <BecomeAdminBlock /> : null}
        <CompanyStatCards stats={stats} />
        <CompanyInfoCard company={c} stats={stats.data} />
        {canManage && user ? <TeamSection selfId={user.id} /> : null}
        {canManage ? <ApprovalSettingsCard /> : null}
        {canManage ? <EditCompanyDialog company={c} open={editOpen} onOpenChange={setEditOpen} /> : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Empresa</h1>
        <p className="text-sm text-muted-foreground">Datos de tu empresa, su plan y las personas que la integran.</p>
      </div>
      {body}
    </div>
  );
}
