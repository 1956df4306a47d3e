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

/** The link that proves the address given at registration. */
export function verifyEmailMessage(to: string, firstName: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirma tu email en Rendix',
    text: `Hola ${firstName}:\n\nConfirma que este es tu email abriendo este enlace (válido por 24 horas, un solo uso):\n\n${link}\n\nHasta que lo confirmes no te unirás a las empresas de tu dominio.\nSi no creaste una cuenta en Rendix, ignora este correo.\n\nRendix`,
    html: layout(
      'Confirma tu email',
      `<p>Hola ${escape(firstName)}:</p><p>Confirma que este es tu email para terminar de activar tu cuenta de Rendix.</p>
<p><a href="${escape(link)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirmar email</a></p>
<p>El enlace es válido por 24 horas y sirve una sola vez. Si no creaste una cuenta en Rendix, ignora este correo.</p>`,
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

/** A company invitation for someone without a Rendix password yet: the link lets them choose one. */
export function invitationEmail(to: string, opts: { companyName: string; inviterName: string; link: string }): EmailMessage {
  const { companyName, inviterName, link } = opts;
  return {
    to,
    subject: `Te invitaron a ${companyName} en Rendix`,
    text: `Hola:\n\n${inviterName} te invitó a unirte a la empresa ${companyName} en Rendix, donde podrás rendir tus gastos.\nAbre este enlace para crear tu contraseña y entrar (válido por 1 hora, un solo uso):\n\n${link}\n\nSi el enlace expiró, pide a tu administrador que te reenvíe la invitación. Si no esperabas este correo, ignóralo.\n\nRendix`,
    html: layout(
      `Te invitaron a ${companyName}`,
      `<p>Hola:</p><p>${escape(inviterName)} te invitó a unirte a la empresa <b>${escape(companyName)}</b> en Rendix, donde podrás rendir tus gastos.</p>
<p><a href="${escape(link)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Aceptar invitación</a></p>
<p>El enlace es válido por 1 hora y sirve una sola vez. Si expiró, pide a tu administrador que te reenvíe la invitación. Si no esperabas este correo, ignóralo.</p>`,
    ),
  };
}

/** An invitation for someone who already has a Rendix login: nothing changes until they accept it. */
export function joinInvitationEmail(to: string, opts: { firstName: string; companyName: string; inviterName: string; link: string }): EmailMessage {
  const { firstName, companyName, inviterName, link } = opts;
  const hello = firstName ? `Hola ${firstName}:` : 'Hola:';
  return {
    to,
    subject: `Te invitaron a ${companyName} en Rendix`,
    text: `${hello}\n\n${inviterName} te invitó a unirte a la empresa ${companyName} en Rendix, con tu misma cuenta.\nAbre este enlace para aceptar (válido por 1 hora, un solo uso):\n\n${link}\n\nSi no quieres unirte, ignora este correo: no se agregará nada a tu cuenta.\n\nRendix`,
    html: layout(
      `Te invitaron a ${companyName}`,
      `<p>${escape(hello)}</p><p>${escape(inviterName)} te invitó a unirte a la empresa <b>${escape(companyName)}</b> en Rendix, con tu misma cuenta.</p>
<p><a href="${escape(link)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Aceptar invitación</a></p>
<p>El enlace es válido por 1 hora y sirve una sola vez. Si no quieres unirte, ignora este correo: no se agregará nada a tu cuenta.</p>`,
    ),
  };
}

/** The one-time code a login from a new place needs after many failed attempts on the account (auth/login-guard.ts). */
export function loginCodeEmail(to: string, firstName: string, code: string): EmailMessage {
  const hello = firstName ? `Hola ${firstName}:` : 'Hola:';
  return {
    to,
    subject: `${code} es tu código para ingresar a Rendix`,
    text: `${hello}\n\nTu código para ingresar a Rendix es: ${code}\n\nVale 10 minutos y sirve una sola vez. Te lo pedimos porque hubo muchos intentos fallidos de ingresar a tu cuenta desde otros lugares.\nSi no intentaste ingresar, no compartas este código con nadie y considera cambiar tu contraseña.\n\nRendix`,
    html: layout(
      'Tu código para ingresar',
      `<p>${escape(hello)}</p><p>Tu código para ingresar a Rendix es:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escape(code)}</p>
<p>Vale 10 minutos y sirve una sola vez. Te lo pedimos porque hubo muchos intentos fallidos de ingresar a tu cuenta desde otros lugares.</p>
<p>Si no intentaste ingresar, no compartas este código con nadie y considera cambiar tu contraseña.</p>`,
    ),
  };
}
