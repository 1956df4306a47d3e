import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { CodeBlock } from './CodeBlock';

const SAMPLE = `{
  "company": { "id": "…", "name": "Comercial Andes SpA", "taxId": "76086428-5" },
  "period": { "startDate": "2025-03-01", "endDate": "2025-03-31", "dateField": "approvedAt", "timeZone": "America/Santiago" },
  "expenses": [
    {
      "id": "…", "expenseNumber": 42, "date": "2025-03-03", "description": "Arriendo sala",
      "amount": "119000.00", "currency": "CLP", "amountCLP": "119000",
      "netAmount": "100000", "taxAmount": "19000",
      "documentType": "factura", "invoiceNumber": "4512", "taxId": "77123456-7",
      "employee": { "firstName": "Ana", "lastName": "Rojas", "email": "ana@empresa.cl" },
      "category": { "name": "Factura", "accountingCode": "5109" },
      "paymentMethod": { "name": "Transferencia", "accountingCode": "1103" },
      "costCenter": { "code": "VTA", "description": "Ventas" },
      "receiptUrl": "https://…/api/accounting/expense/…/receipt",
      "approvedBy": { "firstName": "Camila", "lastName": "Soto", "email": "camila@empresa.cl" },
      "approvedAt": "2025-03-04T13:20:00.000Z"
    }
  ],
  "totalAmount": "119000",
  "count": 1,
  "nextCursor": null,
  "exportedAt": "2025-04-01T09:00:00.000Z"
}`;

const VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: el cuerpo tal como llegó, antes de JSON.parse
function verificarRendix(secreto, rawBody, headers) {
  const ts = headers['x-rendix-timestamp'];
  if (!/^\\d+$/.test(ts ?? '') || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const esperado = Buffer.from('sha256=' + createHmac('sha256', secreto).update(\`\${ts}.\${rawBody}\`).digest('hex'));
  const recibido = Buffer.from(headers['x-rendix-signature'] ?? '');
  return esperado.length === recibido.length && timingSafeEqual(esperado, recibido);
}`;

/** 'Sistemas Contables': how a Chilean accounting system takes the approved expenses, by pull (API) or push (webhook). */
export function AccountingSystemsTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Dos formas de llevar las rendiciones a tu contabilidad</CardTitle>
          <CardDescription>Sirven para cualquier ERP o software contable (Defontana, Softland, Nubox, un Excel con macros o un desarrollo propio).</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm md:grid-cols-2">
          <div className="space-y-1 rounded-lg border p-4">
            <h3 className="font-semibold">1. Tu sistema consulta la API</h3>
            <p className="text-muted-foreground">
              Con un token de API, pide <code>GET /api/accounting/approved-expenses?startDate=…&amp;endDate=…</code> una vez al día o al cierre de mes. Cada
              rendición trae el código contable de su categoría (cuenta de gasto) y de su medio de pago (cuenta de contrapartida), el centro de costo, y
              neto e IVA de las facturas.
            </p>
          </div>
          <div className="space-y-1 rounded-lg border p-4">
            <h3 className="font-semibold">2. Rendix avisa a tu sistema</h3>
            <p className="text-muted-foreground">
              Con el webhook activo, cada aprobación llega al instante como un POST firmado con el evento <code>expense.approved</code> y la rendición
              completa, con los mismos campos que la API. Si tu sistema no responde, se reintenta durante una hora.
            </p>
          </div>
          <p className="text-muted-foreground md:col-span-2">
            Los códigos contables se editan en <a href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">Configuración</a>{' '}
            (categorías y medios de pago).
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Qué entrega la exportación</CardTitle>
          <CardDescription>
            Empresa, período, las rendiciones aprobadas (empleado, categoría, centro de costo, medio de pago, comprobante, quién y cuándo aprobó), el total
            en pesos, la cantidad y la fecha de exportación. El comprobante (<code>receiptUrl</code>) se descarga con el mismo token.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CodeBlock label="ejemplo de exportación" code={SAMPLE} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Verificar la firma del webhook</CardTitle>
          <CardDescription>
            Cada entrega trae <code>x-rendix-event</code>, <code>x-rendix-timestamp</code> (segundos Unix) y <code>x-rendix-signature</code> ={' '}
            <code>sha256=</code> HMAC-SHA256 del texto <code>timestamp.cuerpo</code> con el secreto del webhook. Rechaza firmas distintas o con más de 5
            minutos de diferencia, responde 2xx en menos de 10 segundos y descarta duplicados por el <code>id</code> del cuerpo (los reintentos lo repiten).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CodeBlock label="verificación en Node.js" code={VERIFY} />
        </CardContent>
      </Card>
    </div>
  );
}
