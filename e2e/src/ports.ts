/** Each e2e suite starts its own stack on its own ports, away from a developer's running `npm start`. */
export function stackPorts(base: number): NodeJS.ProcessEnv {
  return {
    APP_PORT: String(base),
    REMOTES_PORT: String(base + 1),
    API_PORT: String(base + 10),
    PGLITE_DATA_DIR: 'memory://',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    CORS_ORIGINS: `http://localhost:${base}`,
  };
}
