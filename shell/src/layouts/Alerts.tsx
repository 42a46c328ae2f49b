import {
  Alert,
  afterRouteChange,
  Button,
  dismissNotification,
  liveNotifications,
  notificationsAtom,
  sessionStore,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import styles from './layout.module.css';

/**
 * The login (and account) layouts show alerts. They expire in 90 s, or 60 s after
 * a route change; dismissing one removes it.
 */
/** The path alerts were last shown on: each route mounts its own layout, so it is kept outside them. */
let shownOn: string | null = null;

export function Alerts() {
  const list = useAtomValue(notificationsAtom);
  const { pathname } = useLocation();

  useEffect(() => {
    const previous = shownOn;
    shownOn = pathname;
    if (previous === null || previous === pathname) return;
    sessionStore.set(notificationsAtom, afterRouteChange(sessionStore.get(notificationsAtom), Date.now()));
  }, [pathname]);

  useEffect(() => {
    if (list.length === 0) return;
    const id = setInterval(() => {
      const current = sessionStore.get(notificationsAtom);
      const live = liveNotifications(current, Date.now());
      if (live.length !== current.length) sessionStore.set(notificationsAtom, live);
    }, 1000);
    return () => clearInterval(id);
  }, [list.length]);

  if (list.length === 0) return null;
  return (
    <div className={styles.alerts}>
      {list.map((n) => (
        <div key={n.id} className={styles.alertRow}>
          <Alert tone={n.severity}>{n.message}</Alert>
          <Button variant="link" onClick={() => dismissNotification(n.id)}>
            Cerrar
          </Button>
        </div>
      ))}
    </div>
  );
}
