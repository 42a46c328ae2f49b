import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
  version: Type.String(),
});
export type HealthResponse = Static<typeof HealthResponse>;

/**
 * What a load balancer reads before sending traffic: the database answers and the job queue is running. While
 * either is not, the answer is 503 in the error shape, its message naming which.
 */
export const ReadinessResponse = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Literal('ok'),
  jobs: Type.Literal('ok'),
});
export type ReadinessResponse = Static<typeof ReadinessResponse>;
