import { PlugZap } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Badge } from '@client/components/ui/badge';

/**
 * NiuData's connector (vouchers, its token, sync) is its own piece of work; until it lands this tab says plainly that
 * the company has no NiuData connection and what the connection will do.
 */
export function NiudataTab() {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base">NiuData</CardTitle>
          <Badge variant="secondary">No configurado</Badge>
        </div>
        <CardDescription>NiuData no está configurado para esta empresa.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <p className="flex items-start gap-2">
          <PlugZap className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Al conectarla con el token de tu cuenta NiuData, cada rendición aprobada se envía como un comprobante contable en pesos con dos asientos: un cargo
          a la cuenta de gasto (el código contable de la categoría) y un abono a la cuenta por pagar, con el centro de costo, el RUT, el folio y las fechas
          del documento.
        </p>
        <p>
          Mientras tanto, tu contabilidad puede recibir las rendiciones aprobadas por la API REST o por el webhook de aprobación, y el estado de cada documento
          se ve en Facturas Emitidas.
        </p>
      </CardContent>
    </Card>
  );
}
