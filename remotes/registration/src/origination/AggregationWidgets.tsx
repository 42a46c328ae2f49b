import { useEffect, useRef } from 'react';
import styles from './origination.module.css';

/** The bank-data aggregation providers (GET /v2/user's bank_verification_adapter). */
export type AggregationProvider = 'unnax' | 'kontomatik';

/** What GET /aggregation/unnax/widget names for the configured provider. */
export type AggregationWidget =
  | { provider: 'unnax'; script_url: string; widget_session: string }
  | { provider: 'kontomatik'; frame_url: string };

/** How the provider's widget ended: the bank session (bank_token's fields) or the error's code. */
export interface WidgetResult {
  status: 'success' | 'error' | 'cancel';
  fields?: Record<string, string>;
  code?: string;
}

/** The message type kontomatik's page posts to the app (api/src/sandbox/aggregation-pages.ts). */
export const KONTOMATIK_MESSAGE_TYPE = 'kontomatik.result';

const STATUSES = new Set(['success', 'error', 'cancel']);
const isText = (value: unknown, max = 1000): value is string => typeof value === 'string' && value.length <= max;

/** A provider's report read defensively: it comes from another origin's code. */
export function widgetResultOf(data: unknown): WidgetResult | null {
  if (typeof data !== 'object' || data === null) return null;
  const { status, fields, code } = data as Record<string, unknown>;
  if (!isText(status) || !STATUSES.has(status)) return null;
  const result: WidgetResult = { status: status as WidgetResult['status'] };
  if (typeof fields === 'object' && fields !== null) {
    const entries = Object.entries(fields).filter(([key, value]) => isText(key, 50) && isText(value));
    result.fields = Object.fromEntries(entries) as Record<string, string>;
  }
  if (isText(code, 100)) result.code = code;
  return result;
}

/** Where the page goes with the widget's ending: /unnax-aggregation/{status}, as the redirect providers do. */
export function aggregationReturnPath(result: WidgetResult): string {
  const query = new URLSearchParams(
    result.status === 'success' ? result.fields : result.code ? { code: result.code } : {},
  );
  const search = query.toString();
  return `/unnax-aggregation/${result.status}${search ? `?${search}` : ''}`;
}

declare global {
  interface Window {
    /** unnax's widget, defined by its script. */
    UnnaxWidget?: { mount: (container: HTMLElement, options: { widgetSession: string }) => void };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads the provider's widget script once per address (the app's CSP allows the configured provider's origin). */
export const widgetScripts = {
  load: (url: string): Promise<void> => {
    let loading = scripts.get(url);
    if (!loading) {
      loading = new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.onload = () => resolve();
        script.onerror = () => {
          scripts.delete(url);
          script.remove();
          reject(new Error(`the aggregation widget at ${url} did not load`));
        };
        document.head.append(script);
      });
      scripts.set(url, loading);
    }
    return loading;
  },
};

interface WidgetProps {
  onResult: (result: WidgetResult) => void;
  onFailure: () => void;
}

/** unnax: its script draws the bank login inside this container and reports with a `unnax:result` event. */
export function UnnaxWidget({
  scriptUrl,
  widgetSession,
  label,
  onResult,
  onFailure,
}: WidgetProps & { scriptUrl: string; widgetSession: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let active = true;
    const listener = (event: Event) => {
      const result = widgetResultOf((event as CustomEvent<unknown>).detail);
      if (result) onResult(result);
    };
    element.addEventListener('unnax:result', listener);
    widgetScripts
      .load(scriptUrl)
      .then(() => {
        if (!active) return;
        if (!window.UnnaxWidget) throw new Error('the unnax widget script defined no widget');
        window.UnnaxWidget.mount(element, { widgetSession });
      })
      .catch(() => {
        if (active) onFailure();
      });
    return () => {
      active = false;
      element.removeEventListener('unnax:result', listener);
      element.replaceChildren();
    };
  }, [scriptUrl, widgetSession, onResult, onFailure]);
  return <section ref={container} className={styles.bankWidget} aria-label={label} data-aggregation="unnax" />;
}

/**
 * kontomatik: its page in an iframe; its ending arrives by postMessage, taken only from that frame and from the
 * provider's origin (the page in turn aims its message at our origin only).
 */
export function KontomatikFrame({
  url,
  title,
  onResult,
}: Omit<WidgetProps, 'onFailure'> & { url: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const origin = new URL(url).origin;
    const listener = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== KONTOMATIK_MESSAGE_TYPE) return;
      const result = widgetResultOf(data);
      if (result) onResult(result);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [url, onResult]);
  return <iframe ref={frame} src={url} title={title} className={styles.bankFrame} data-aggregation="kontomatik" />;
}
