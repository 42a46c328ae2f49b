/** The four remotes, by the name the shell and the loader use. */
export const REMOTE_NAMES = ['calculator', 'registration', 'account', 'payments'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Runtime configuration served next to the shell (`/config.json`), so remotes and the API can move
 * without rebuilding the shell. Remote addresses point at each remote's `mf-manifest.json`.
 */
export interface AppConfig {
  apiBaseUrl: string;
  wpBaseUrl: string;
  remotes: Record<RemoteName, string>;
  /**
   * Further API and content addresses a page address (`apiurl`, `apiwpurl`) or the developer menu may switch to;
   * nothing else is ever called. Optional: without it only the two above are allowed.
   */
  apiUrlAllowList?: string[];
  /** Google reCAPTCHA's site key (RECAPTCHA_SITE_KEY); absent or `sandbox…`: the browser makes sandbox tokens. */
  recaptchaSiteKey?: string;
}

export type AppConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

// http(s) absolute, protocol-relative or same-origin path: never javascript: or data: addresses.
const isAddress = (value: unknown): value is string => typeof value === 'string' && /^(https?:)?\/\/|^\//.test(value);

/**
 * Checked by hand rather than with the contract's schema library: this runs in every browser at boot,
 * and the schema engine would add more to each page than the whole check is worth.
 */
export function parseAppConfig(value: unknown): AppConfigResult {
  const problems: string[] = [];
  const config = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null) problems.push('/: must be an object');
  for (const key of ['apiBaseUrl', 'wpBaseUrl'] as const) {
    if (!isAddress(config[key])) problems.push(`/${key}: must be an address`);
  }
  const remotes = (typeof config.remotes === 'object' && config.remotes !== null ? config.remotes : null) as Record<
    string,
    unknown
  > | null;
  if (!remotes) problems.push('/remotes: must be an object');
  else
    for (const name of REMOTE_NAMES)
      if (!isAddress(remotes[name])) problems.push(`/remotes/${name}: must be an address`);
  const allowList = config.apiUrlAllowList;
  if (allowList !== undefined && (!Array.isArray(allowList) || !allowList.every(isAddress)))
    problems.push('/apiUrlAllowList: must be a list of addresses');
  if (
    config.recaptchaSiteKey !== undefined &&
    (typeof config.recaptchaSiteKey !== 'string' || !config.recaptchaSiteKey)
  )
    problems.push('/recaptchaSiteKey: must be a non-empty string');
  return problems.length ? { ok: false, problems } : { ok: true, config: value as AppConfig };
}
