import {
  accessTokenAtom,
  NOTIFICATION_SECONDS,
  type Notification,
  notificationsAtom,
  refreshUser,
  sessionStore,
} from '@credimo/shared';
import { useEffect } from 'react';
import { accountCalls, type InboxItem } from './calls';
import { POLL_MS } from './rules';

/** The alerts' id of an inbox notification: kept apart from the app's own (`local-…`). */
export const INBOX_PREFIX = 'inbox-';
const inboxId = (id: string) => `${INBOX_PREFIX}${id}`;

/** What the server's ids of a shown alert are: its own and its duplicates'. */
const serverIds = new Map<string, string[]>();
/** Inbox notifications already shown in this page's life: one that expired unread is not shown again. */
const shown = new Set<string>();

/** Pure: the inbox's new notifications as alerts (they expire in 90 s). */
export function newAlerts(items: readonly InboxItem[], alreadyShown: ReadonlySet<string>, now: number): Notification[] {
  return items
    .filter((item) => !alreadyShown.has(item.id))
    .map((item) => ({
      id: inboxId(item.id),
      message: item.message,
      severity: item.severity,
      expiresAt: now + NOTIFICATION_SECONDS * 1000,
    }));
}

/**
 * Pure: the inbox alerts the customer dismissed between two states of the list. One that left before its expiry was
 * dismissed (the layout's close button); one that left at or after its expiry just timed out.
 */
export function dismissedAlerts(
  before: readonly Notification[],
  after: readonly Notification[],
  now: number,
): string[] {
  const still = new Set(after.map((n) => n.id));
  return before
    .filter((n) => n.id.startsWith(INBOX_PREFIX) && !still.has(n.id) && (n.expiresAt ?? Number.POSITIVE_INFINITY) > now)
    .map((n) => n.id);
}

async function pollInbox() {
  const items = await accountCalls.inbox();
  const alerts = newAlerts(items, shown, Date.now());
  if (alerts.length === 0) return;
  for (const item of items) {
    shown.add(item.id);
    serverIds.set(inboxId(item.id), [item.id, ...item.duplicateIds]);
  }
  sessionStore.set(notificationsAtom, [...sessionStore.get(notificationsAtom), ...alerts]);
}

/**
 * On account pages: the notification inbox polled every 5 s into the layout's alerts
 * (dismissal marks them read on the server, with their duplicates), and the user refreshed every 30 s.
 */
export function useAccountPolling(): void {
  useEffect(() => {
    let last = sessionStore.get(notificationsAtom);
    const unsubscribe = sessionStore.sub(notificationsAtom, () => {
      const next = sessionStore.get(notificationsAtom);
      // Alerts cleared because the session ended (logout, erasure, a 401) were not dismissed by anyone, and there is
      // no session left to mark them read with.
      if (sessionStore.get(accessTokenAtom) === null) {
        last = next;
        return;
      }
      const dismissed = dismissedAlerts(last, next, Date.now());
      last = next;
      const ids = dismissed.flatMap((id) => serverIds.get(id) ?? []);
      if (ids.length > 0) void accountCalls.markRead(ids).catch(() => {});
    });
    void pollInbox().catch(() => {});
    const inbox = setInterval(() => void pollInbox().catch(() => {}), POLL_MS.inbox);
    const user = setInterval(() => void refreshUser().catch(() => {}), POLL_MS.user);
    return () => {
      unsubscribe();
      clearInterval(inbox);
      clearInterval(user);
    };
  }, []);
}

/** For tests: forget what this page has shown. */
export function resetInbox(): void {
  shown.clear();
  serverIds.clear();
}
