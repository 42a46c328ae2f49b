import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Serializer = (doc: unknown) => string;
type RouteDefinition = { method: string; url: string; httpStatus: string; schema?: unknown };

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled once per process for its schema. An API
 * compiles one per route and status when it starts, about a second of CPU in all; a process that builds the API
 * more than once (the tests build one per file in each worker) reuses them instead. A serializer is a pure
 * function of its schema and the shared schemas it may refer to, so the key is their text.
 */
const compiledAlready = new Map<string, Serializer>();
const fastifyDefault = SerializerSelector();

export function buildSerializer(externalSchemas?: unknown, options?: object) {
  const compile = fastifyDefault(externalSchemas, options);
  const shared = JSON.stringify([externalSchemas ?? null, options ?? null]);
  return (route: RouteDefinition): Serializer => {
    const key = `${shared}\n${JSON.stringify(route.schema ?? null)}`;
    let serializer = compiledAlready.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiledAlready.set(key, serializer);
    }
    return serializer;
  };
}
