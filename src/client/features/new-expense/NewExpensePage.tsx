import type { ReactNode } from 'react';
import { AlertCircle, FolderOpen, Settings, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { ExpenseForm } from './ExpenseForm';
import { useExpenseCatalog } from './useExpenseCatalog';

function LoadingForm() {
  return (
    <div className="space-y-4 sm:space-y-6" aria-busy="true">
      <Spinner label="Cargando categorías y medios de pago..." />
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardContent className="space-y-4 p-6">
            <Skeleton className="h-5 w-40" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function Notice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <Icon className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** 'Nueva Rendición' (/new-expense): the creation form once the company's catalog is known (App.tsx's route asks for a company first). */
export function NewExpensePage() {
  const { user } = useCurrentUser();
  const { catalog, isLoading, isError, error, retry } = useExpenseCatalog();
  const emptyCatalog = catalog.categories.length === 0 || catalog.paymentMethods.length === 0;

  let body: ReactNode;
  if (isLoading) body = <LoadingForm />;
  else if (isError)
    body = (
      <Notice icon={AlertCircle} title="No se pudieron cargar los datos del formulario">
        <p className="text-sm text-muted-foreground">{errorMessage(error, 'Ocurrió un error al cargar categorías y medios de pago.')} Inténtalo nuevamente.</p>
        <Button type="button" variant="outline" onClick={retry}>
          Reintentar
        </Button>
      </Notice>
    );
  else if (emptyCatalog)
    body = (
      <Notice icon={FolderOpen} title="Faltan categorías o medios de pago">
        <p className="max-w-md text-sm text-muted-foreground">
          Para registrar una rendición tu empresa necesita al menos una categoría y un medio de pago activos.
          {isAdmin(user) ? ' Puedes crearlos en Configuración.' : ' Pide a un administrador de tu empresa que los configure.'}
        </p>
        {isAdmin(user) ? (
          <Button asChild>
            <Link to="/settings">
              <Settings aria-hidden />
              Ir a Configuración
            </Link>
          </Button>
        ) : null}
      </Notice>
    );
  else body = <ExpenseForm catalog={catalog} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 sm:space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Nueva Rendición</h1>
        <p className="text-sm text-muted-foreground sm:text-base">Registra un gasto y envíalo para aprobación. Los campos con * son obligatorios.</p>
      </header>
      {body}
    </div>
  );
}
