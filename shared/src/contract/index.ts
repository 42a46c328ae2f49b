import { HealthResponse } from './health';

export * from './app-config';
export * from './errors';
export * from './health';

/**
 * The /v2 contract, one entry per call: the API registers routes from it and publishes OpenAPI from it;
 * the client's types come from it. Later issues add their calls here.
 */
export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    response: HealthResponse,
  },
} as const;

export type EndpointName = keyof typeof endpoints;
