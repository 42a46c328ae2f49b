import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

/** The four remotes of DESIGN.md section 2, by the name the shell and the loader use. */
export const REMOTE_NAMES = ['calculator', 'registration', 'account', 'payments'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const Url = Type.String({ pattern: '^(https?:)?//|^/' });

/**
 * Runtime configuration served next to the shell (`/config.json`), so remotes and the API can move
 * without rebuilding the shell. Remote addresses point at each remote's `mf-manifest.json`.
 */
export const AppConfig = Type.Object({
  apiBaseUrl: Url,
  wpBaseUrl: Url,
  remotes: Type.Object({
    calculator: Url,
    registration: Url,
    account: Url,
    payments: Url,
  }),
});
export type AppConfig = Static<typeof AppConfig>;

export type AppConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

export function parseAppConfig(value: unknown): AppConfigResult {
  if (Value.Check(AppConfig, value)) return { ok: true, config: value };
  const problems = [...Value.Errors(AppConfig, value)].map((e) => `${e.instancePath || '/'}: ${e.message}`);
  return { ok: false, problems };
}
