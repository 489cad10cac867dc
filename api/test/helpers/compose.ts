// docker-compose.yml as Docker Compose v2 reads it, for tests that cannot run docker: the YAML
// (anchors and `<<` merges included) and its ${…} interpolation, nested defaults included.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  environment?: Record<string, string | number | null> | string[];
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function loadCompose(file = path.join(ROOT, 'docker-compose.yml')): ComposeFile {
  return parse(fs.readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
}

/** A service's environment as written (before interpolation), list or mapping alike. */
export function rawEnvironment(service: ComposeService | undefined): Record<string, string> {
  const environment = service?.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, `\${${entry}}`] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]));
}

/**
 * Compose's interpolation: `$$` is a dollar; `${VAR}` / `$VAR`; `${VAR:-default}` (unset or
 * empty) and `${VAR-default}` (unset), the default itself interpolated.
 */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char !== '$') {
      out += char;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
        j++;
      }
      if (depth) throw new Error(`interpolación sin cerrar en «${text}»`);
      const inner = text.slice(i + 2, j - 1);
      const match = /^([A-Za-z_]\w*)(?:(:?-)([\s\S]*))?$/.exec(inner);
      if (!match) throw new Error(`interpolación que esta prueba no conoce: \${${inner}}`);
      const [, name, operator, fallback] = match;
      const value = env[name];
      const useDefault = operator === ':-' ? !value : operator === '-' ? value === undefined : false;
      out += useDefault ? interpolate(fallback, env) : (value ?? '');
      i = j;
    } else {
      const match = /^[A-Za-z_]\w*/.exec(text.slice(i + 1));
      if (!match) throw new Error(`«$» suelto en «${text}» (compose pide $$)`);
      out += env[match[0]] ?? '';
      i += 1 + match[0].length;
    }
  }
  return out;
}

/** A service's environment as its container gets it, with `env` as the shell's and .env's variables. */
export function containerEnvironment(service: ComposeService | undefined, env: Record<string, string | undefined> = {}) {
  return Object.fromEntries(Object.entries(rawEnvironment(service)).map(([name, value]) => [name, interpolate(value, env)]));
}

/** `"${MF_STOCK_PORT:-8084}:8080"` → { published: '8084', container: 8080 } under `env`. */
export function publishedPorts(service: ComposeService | undefined, env: Record<string, string | undefined> = {}) {
  return (service?.ports ?? []).map((entry) => {
    const [published, container] = interpolate(String(entry), env).split(':');
    return { published: Number(published), container: Number(container) };
  });
}

/** The variable that sets where a remote is published: mf-stock → MF_STOCK_PORT. */
export const remotePortVariable = (folder: string) => `${folder.toUpperCase().replace(/-/g, '_')}_PORT`;
