import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';

/** What an e-mailed link's page shows when the link is incomplete, spent or expired, with a way back. */
export function LinkProblem({ message, to = '/auth', action = 'Ir a iniciar sesión' }: { message: string; to?: string; action?: string }) {
  return (
    <div role="alert" className="space-y-4">
      <div className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-300">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>{message}</p>
      </div>
      <Button asChild variant="outline" className="w-full">
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  );
}
