import { z } from 'zod';
import { ErrorBodySchema } from '../contract/errors.js';
import type { RouteSpec } from '../contract/route.js';

const toSchema = (s: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  } catch {
    return {};
  }
};

const propertiesOf = (schema: object): Record<string, object> =>
  'properties' in schema && typeof schema.properties === 'object' && schema.properties !== null
    ? (schema.properties as Record<string, object>)
    : {};

/** OpenAPI 3.1 document generated from the route descriptions, so it cannot drift from the router. */
export function buildOpenApi(routes: RouteSpec[], version: string, extra: { description?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    // Path params take their schema from the description (e.g. a numeric id's pattern); plain strings otherwise.
    const described = r.params ? propertiesOf(toSchema(r.params, 'input')) : {};
    const params = [...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: described[m[1]!] ?? { type: 'string' },
    }));
    const query = r.query ? toSchema(r.query, 'input') : null;
    const queryParams = query
      ? Object.entries(propertiesOf(query)).map(([name, schema]) => ({
          name,
          in: 'query',
          required: ((query as { required?: string[] }).required ?? []).includes(name),
          schema,
        }))
      : [];
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      ...(r.description ? { description: r.description } : {}),
      parameters: [...params, ...queryParams],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'success',
          content: { [r.responseContentType ?? 'application/json']: { schema: toSchema(r.response, 'output') } },
        },
        ...(r.errors?.length
          ? {
              default: {
                description: `error; codes: ${r.errors.join(', ')}`,
                content: { 'application/json': { schema: toSchema(ErrorBodySchema, 'output') } },
              },
            }
          : {}),
      },
    };
    if (r.body) {
      const schema = toSchema(r.body, 'input');
      const types = r.bodyContentTypes ?? ['application/json'];
      op.requestBody = { required: true, content: Object.fromEntries(types.map((t) => [t, { schema }])) };
    }
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pasarela Sandbox',
      version,
      description: extra.description ?? 'Merchant API and sandbox control API of Pasarela Sandbox.',
    },
    paths,
  };
}
