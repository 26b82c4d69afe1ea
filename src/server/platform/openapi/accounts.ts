import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { AUTH_ENDPOINTS, AUTH_PREFIX, type AuthEndpoint } from '../auth/endpoints.ts';
import { errorResponse, operationIdFor, securityFor } from './operations.ts';

type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: { name: string; in: string }[];
  responses?: Record<string, Json>;
}

export interface AccountsDocument {
  /** The allowlisted endpoints, keyed by their full path (`/api/auth/sign-in/email`). */
  paths: Record<string, Record<string, Operation>>;
  /** The component schemas those operations refer to (User, Session). */
  schemas: Record<string, unknown>;
}

/**
 * The accounts endpoints the app exposes, as better-auth describes them (its openAPI
 * plugin), cut down to the allowlist in auth/endpoints.ts: a request body we check first is
 * shown as our schema, the session requirement is the allowlist's, errors have our shape.
 */
export async function accountsDocument(auth: Auth): Promise<AccountsDocument> {
  const generated = await auth.api.generateOpenAPISchema();
  const byPattern = new Map(
    Object.entries(generated.paths).map(([path, item]) => [pattern(path), item]),
  );
  const paths: AccountsDocument['paths'] = {};
  for (const endpoint of AUTH_ENDPOINTS) {
    const method = endpoint.method.toLowerCase() as 'get' | 'post';
    const described = byPattern.get(pattern(endpoint.path))?.[method] as Operation | undefined;
    if (!described)
      throw new Error(`better-auth does not describe ${endpoint.method} ${endpoint.path}`);
    const path = `${AUTH_PREFIX}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    (paths[path] ??= {})[method] = describe(endpoint, path, described);
  }
  const schemas = openApi31(referencedSchemas(paths, generated.components.schemas)) as Json;
  return { paths, schemas };
}

function describe(endpoint: AuthEndpoint, path: string, described: Operation): Operation {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const parameters = (described.parameters ?? []).map((p) =>
    p.in === 'path' ? { ...p, name: names.shift() ?? p.name } : p,
  );
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(described.responses ?? {})) {
    if (/^[23]/.test(status)) responses[status] = openApi31(response) as Json;
    else if (/^4/.test(status)) responses[status] = errorResponse(String(response.description));
  }
  // The provider's callback answers with a redirect only.
  if (!Object.keys(responses).some((status) => /^[23]/.test(status))) {
    responses['302'] = { description: 'Redirects to the page the sign-in started from' };
  }
  const summary = endpoint.summary ?? described.description;
  if (typeof summary !== 'string') throw new Error(`${path}: no summary`);
  const operation: Operation = {
    ...described,
    operationId:
      typeof described.operationId === 'string'
        ? described.operationId
        : operationIdFor(endpoint.method, path),
    summary,
    tags: ['accounts'],
    security: securityFor(endpoint.auth),
    parameters,
    responses,
  };
  if (endpoint.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: inputSchema(endpoint.body) } },
    };
  }
  return operation;
}

/**
 * better-auth writes some schemas in OpenAPI 3.0 style (`nullable: true`); 3.1 says the same
 * with a `null` type.
 */
function openApi31(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openApi31);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Json;
  const out: Json = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, openApi31(v)]));
  if (nullable !== true) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

/** `/callback/{id}` and `/callback/:provider` both become `/callback/{}`. */
function pattern(path: string): string {
  return path.replace(/\{\w+\}|:\w+/g, '{}');
}

function inputSchema(schema: z.ZodType): Json {
  const json: Json = z.toJSONSchema(schema, { io: 'input' });
  delete json.$schema;
  return json;
}

/** Only the component schemas the kept operations use (following their own references). */
function referencedSchemas(paths: unknown, all: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pending = [paths];
  while (pending.length > 0) {
    const text = JSON.stringify(pending.pop());
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !(name in out) && name in all) {
        out[name] = all[name];
        pending.push(all[name]);
      }
    }
  }
  return out;
}
