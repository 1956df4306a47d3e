import { Construction } from 'lucide-react';
import { Card, CardContent } from '@client/components/ui/card';

/** Screens a later issue builds: say so plainly rather than pretend to work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="h-10 w-10 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="text-muted-foreground">Próximamente: esta sección está en construcción.</p>
        </CardContent>
      </Card>
    </div>
  );
}
