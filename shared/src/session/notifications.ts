import { type Notification, notificationsAtom, sessionStore } from './store';

/** Notifications expire in 90 s, or 60 s after a route change. */
export const NOTIFICATION_SECONDS = 90;
export const NOTIFICATION_AFTER_ROUTE_CHANGE_SECONDS = 60;

let counter = 0;

/** Shows an alert in the layout (default severity info); the same text is not shown twice. */
export function notify(message: string, severity: Notification['severity'] = 'info', now = Date.now()): void {
  const list = sessionStore.get(notificationsAtom);
  if (list.some((n) => n.message === message && n.severity === severity)) return;
  counter += 1;
  const id = `local-${counter}`;
  sessionStore.set(notificationsAtom, [
    ...list,
    { id, message, severity, expiresAt: now + NOTIFICATION_SECONDS * 1000 },
  ]);
}

export function dismissNotification(id: string): void {
  sessionStore.set(
    notificationsAtom,
    sessionStore.get(notificationsAtom).filter((n) => n.id !== id),
  );
}

/** Pure: what is still shown at `now`. */
export const liveNotifications = (list: Notification[], now: number) =>
  list.filter((n) => n.expiresAt === undefined || n.expiresAt > now);

/** Pure: after a route change every alert lives at most 60 s more. */
export const afterRouteChange = (list: Notification[], now: number) =>
  list.map((n) => ({
    ...n,
    expiresAt: Math.min(n.expiresAt ?? Number.POSITIVE_INFINITY, now + NOTIFICATION_AFTER_ROUTE_CHANGE_SECONDS * 1000),
  }));
