import type { EmailMessage } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f5f7fb;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="color:#1d4ed8;margin-top:0">${escape(title)}</h2>${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">Rendix · Rendiciones de gastos para empresas</p></div></body></html>`;
}

export function passwordResetEmail(to: string, firstName: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Restablece tu contraseña de Rendix',
    text: `Hola ${firstName}:\n\nRecibimos una solicitud para restablecer tu contraseña de Rendix.\nAbre este enlace para elegir una nueva (válido por 1 hora, un solo uso):\n\n${link}\n\nSi no fuiste tú, ignora este correo: tu contraseña no cambiará.\n\nRendix`,
    html: layout(
      'Restablece tu contraseña',
      `<p>Hola ${escape(firstName)}:</p><p>Recibimos una solicitud para restablecer tu contraseña de Rendix.</p>
<p><a href="${escape(link)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Elegir nueva contraseña</a></p>
<p>El enlace es válido por 1 hora y sirve una sola vez. Si no fuiste tú, ignora este correo.</p>`,
    ),
  };
}

export function welcomeEmail(to: string, firstName: string, companyName: string, appUrl: string): EmailMessage {
  return {
    to,
    subject: 'Bienvenido a Rendix',
    text: `Hola ${firstName}:\n\nTu cuenta y la empresa ${companyName} ya están creadas en Rendix.\nIngresa en ${appUrl}\n\nRendix`,
    html: layout(
      'Bienvenido a Rendix',
      `<p>Hola ${escape(firstName)}:</p><p>Tu cuenta y la empresa <b>${escape(companyName)}</b> ya están creadas.</p><p><a href="${escape(appUrl)}">Ingresar a Rendix</a></p>`,
    ),
  };
}
