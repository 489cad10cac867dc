// The provider's pages (sign-in, sign-out, errors) in Spanish and in the portal's red brand. No
// inline script or style: the stylesheet, the logo and the one small script are files under
// /oidc/assets/, so the pages run under a strict Content-Security-Policy.

import { MIN_PASSWORD_LENGTH } from './passwords';

export const ASSET_PATH = '/oidc/assets';

/** Same ramp as the portal's theme (shared/src/platform/theme.ts). */
const BRAND = { 40: '#5d1217', 60: '#8c131e', 70: '#a51421', 80: '#bd1a26', 100: '#d3514f', 160: '#fcdcd9' };

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Almacén">
<path d="M4 26 32 8l28 18v30a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" fill="${BRAND[80]}"/>
<path d="M14 58V32h36v26" fill="#ffffff"/>
<rect x="18" y="44" width="12" height="10" rx="1" fill="${BRAND[60]}"/>
<rect x="34" y="44" width="12" height="10" rx="1" fill="${BRAND[100]}"/>
<rect x="26" y="34" width="12" height="9" rx="1" fill="${BRAND[80]}"/>
<path d="M14 36h36" stroke="${BRAND[40]}" stroke-width="2"/>
</svg>`;

export const STYLESHEET = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif;
  background:linear-gradient(160deg,${BRAND[160]} 0%,#ffffff 55%);color:#242424;display:flex;align-items:center;justify-content:center;min-height:100vh;padding:16px}
.card{background:#fff;width:100%;max-width:380px;border-radius:8px;box-shadow:0 8px 16px rgba(0,0,0,.14),0 0 2px rgba(0,0,0,.12);padding:32px}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:24px}
.brand img{width:48px;height:48px}
.brand span{font-size:24px;font-weight:600;color:${BRAND[80]}}
h1{font-size:20px;font-weight:600;margin:0 0 8px}
p{margin:0 0 16px;line-height:1.4}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 4px}
input[type=text],input[type=password]{width:100%;font:inherit;font-size:14px;padding:7px 10px;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px}
input:focus{outline:2px solid ${BRAND[80]};outline-offset:0;border-color:transparent}
button{font:inherit;font-size:14px;font-weight:600;border-radius:4px;padding:8px 16px;cursor:pointer;border:1px solid transparent;width:100%;margin-top:24px}
.primary{background:${BRAND[80]};color:#fff}
.primary:hover{background:${BRAND[70]}}
.primary:active{background:${BRAND[60]}}
.secondary{background:#fff;color:#242424;border-color:#d1d1d1;margin-top:8px}
.error{background:#fdf3f4;border:1px solid #eeacb2;color:#751d1f;border-radius:4px;padding:8px 12px;margin:0 0 8px;font-size:14px}
.footer{margin-top:24px;font-size:12px;color:#616161;text-align:center}
`;

/** Submits the sign-out form by itself when the portal asked for it (data-auto on the form). */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');var b=document.getElementById('logout-yes');if(f&&b&&b.hasAttribute('data-auto')){b.click();}});`;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(title: string, body: string, { script }: { script?: string } = {}): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Almacén</title>
<link rel="stylesheet" href="${ASSET_PATH}/login.css">
<link rel="icon" href="${ASSET_PATH}/logo.svg" type="image/svg+xml">
${script ? `<script src="${ASSET_PATH}/${script}" defer></script>\n` : ''}</head>
<body>
<main class="card">
<div class="brand"><img src="${ASSET_PATH}/logo.svg" alt=""><span>Almacén</span></div>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
  institutionName: string;
}

export function loginPage({ action, username = '', error, institutionName }: LoginPageOptions): string {
  return page(
    'Iniciar sesión',
    `<h1>Iniciar sesión</h1>
<p>Escribe tu usuario y contraseña para entrar al portal.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>\n` : ''}<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="username">Usuario</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<label for="password">Contraseña</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${username ? ' autofocus' : ''}>
<button type="submit" class="primary">Iniciar sesión</button>
</form>
<div class="footer">${escapeHtml(institutionName)}</div>`,
  );
}

export interface PasswordPageOptions {
  action: string;
  username?: string;
  error?: string;
  institutionName: string;
  portalUrl: string;
}

/** "Cambiar contraseña": the current password and the new one twice, as the sign-in page looks. */
export function passwordPage({ action, username = '', error, institutionName, portalUrl }: PasswordPageOptions): string {
  return page(
    'Cambiar contraseña',
    `<h1>Cambiar contraseña</h1>
<p>Escribe tu usuario, tu contraseña actual y la nueva dos veces. La nueva debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>\n` : ''}<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="username">Usuario</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<label for="current">Contraseña actual</label>
<input id="current" name="current" type="password" autocomplete="current-password" required maxlength="200"${username ? ' autofocus' : ''}>
<label for="password">Nueva contraseña</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200">
<label for="confirmation">Confirma la nueva contraseña</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200">
<button type="submit" class="primary">Cambiar contraseña</button>
</form>
<p class="footer"><a href="${escapeHtml(portalUrl)}">Volver al portal</a></p>
<div class="footer">${escapeHtml(institutionName)}</div>`,
  );
}

export function passwordChangedPage(portalUrl: string): string {
  return page(
    'Contraseña cambiada',
    `<h1>Contraseña cambiada</h1>
<p role="status">Tu contraseña se cambió. Tus sesiones abiertas se cerraron: inicia sesión de nuevo con la nueva contraseña.</p>
<p><a href="${escapeHtml(portalUrl)}">Volver al portal</a></p>`,
  );
}

export function logoutPage(form: string, { automatic }: { automatic: boolean }): string {
  return page(
    'Cerrar sesión',
    `<h1>Cerrar sesión</h1>
<p>¿Quieres cerrar tu sesión en Almacén?</p>
${form}
<button id="logout-yes" type="submit" class="primary" form="op.logoutForm" name="logout" value="yes"${automatic ? ' data-auto' : ''}>Sí, cerrar sesión</button>
<button type="submit" class="secondary" form="op.logoutForm">No, seguir conectado</button>`,
    { script: 'logout.js' },
  );
}

export function loggedOutPage(portalUrl: string): string {
  return page(
    'Sesión cerrada',
    `<h1>Sesión cerrada</h1>
<p>Cerraste tu sesión correctamente.</p>
<p><a href="${escapeHtml(portalUrl)}">Volver al portal</a></p>`,
  );
}

export function errorPage(message: string, portalUrl: string): string {
  return page(
    'Algo salió mal',
    `<h1>¡Oh no!</h1>
<div class="error" role="alert">${escapeHtml(message)}</div>
<p><a href="${escapeHtml(portalUrl)}">Volver al portal</a></p>`,
  );
}

/** Spanish text for the provider's error codes a person can meet in the browser. */
export function errorText(code: string | undefined): string {
  switch (code) {
    case 'invalid_request':
      return 'La solicitud de inicio de sesión no es válida. Vuelve al portal e inténtalo de nuevo.';
    case 'invalid_client':
    case 'unauthorized_client':
      return 'La aplicación que pidió el inicio de sesión no está registrada.';
    case 'invalid_redirect_uri':
      return 'La dirección de regreso de la aplicación no está registrada.';
    case 'session_not_found':
    case 'interaction_not_found':
    case 'invalid_grant':
      return 'El inicio de sesión expiró o ya se usó. Vuelve al portal e inténtalo de nuevo.';
    case 'access_denied':
      return 'Se negó el acceso.';
    default:
      return 'Ocurrió un error en el servicio de inicio de sesión. Vuelve al portal e inténtalo de nuevo.';
  }
}
