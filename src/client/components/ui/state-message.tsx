import type { ReactNode } from 'react';
import { AlertCircle, RotateCcw } from 'lucide-react';
import { Button } from './button';
import { Card, CardContent } from './card';

/** A centred card for empty, restricted and error states of a list. */
export function StateMessage({ icon, title, children, role }: { icon: ReactNode; title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Card role={role}>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <span className="text-muted-foreground" aria-hidden>
          {icon}
        </span>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** A failed load with the reason and a 'Reintentar' button. */
export function LoadErrorState({ title, message, onRetry, retrying }: { title: string; message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <StateMessage icon={<AlertCircle className="h-10 w-10 text-destructive" />} title={title} role="alert">
      <p className="max-w-md break-words text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" className="mt-2" onClick={onRetry} disabled={retrying}>
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Reintentar
      </Button>
    </StateMessage>
  );
}
