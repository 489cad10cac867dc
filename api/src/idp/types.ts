// oidc-provider 9 ships no type declarations; these describe the part of its API the embedded
// provider uses (see its documentation for the full surface).
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface AdapterPayload {
  [key: string]: unknown;
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: unknown;
}

export interface OidcAdapter {
  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<AdapterPayload | undefined>;
  findByUid(uid: string): Promise<AdapterPayload | undefined>;
  findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface OidcClient {
  clientId: string;
  clientAuthMethod: string;
  grantTypeAllowed(type: string): boolean;
}

export interface OidcGrant {
  jti: string;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

export interface OidcContext {
  host: string;
  type: string;
  body: unknown;
  status: number;
  set(name: string, value: string): void;
  oidc: {
    client?: OidcClient;
    route?: string;
    params?: Record<string, unknown>;
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: OidcProvider;
    entities: Record<string, unknown>;
  };
}

export interface OidcToken {
  kind: string;
  accountId?: string;
}

export interface InteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

export interface OidcProvider {
  proxy: boolean;
  issuer: string;
  callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  Grant: {
    new (init: { clientId: string; accountId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
  use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
}

export interface ProviderConstructor {
  new (issuer: string, configuration: Record<string, unknown>): OidcProvider;
}

export interface ProviderModule {
  default: ProviderConstructor;
  errors: Record<string, new (...args: never[]) => Error>;
}
