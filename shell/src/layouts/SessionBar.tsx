import { accessTokenAtom, Button, formatPhone, logout, Modal, PATHS, userAtom } from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './layout.module.css';
import { sessionBannerText } from './session-banner';

/**
 * An impersonation session is visibly marked; agent sessions get a
 * welcome. Shown on every layout while such a session is open.
 */
export function SessionBanner() {
  const user = useAtomValue(userAtom);
  const text = user && sessionBannerText(user);
  if (!user || !text) return null;
  return (
    <div role="status" className={styles.sessionBanner} data-session-kind={user.session.kind}>
      {text}
    </div>
  );
}

/** The user button and logout, which asks for confirmation (stay, or yes log out). */
export function AccountMenu() {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!signedIn) return null;
  const hasPersonalData = Boolean(user?.personal_data);
  return (
    <div className={styles.accountMenu}>
      <Button variant="link" onClick={() => navigate(hasPersonalData ? '/account' : '/auth')}>
        {/* The header's user button shows the first name (the phone until it is known). */}
        {user?.personal_data?.first_name ?? (user ? formatPhone(user.contacts.mobile_phone) : 'Mi cuenta')}
      </Button>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Salir
      </Button>
      {asking && (
        <Modal
          title="¿Quieres cerrar la sesión?"
          onClose={() => setAsking(false)}
          actions={
            <>
              <Button onClick={() => setAsking(false)}>Quedarme</Button>
              <Button
                variant="secondary"
                onClick={async () => {
                  setAsking(false);
                  await logout();
                  navigate(PATHS.auth, { replace: true });
                }}
              >
                Sí, cerrar sesión
              </Button>
            </>
          }
        >
          <p>Tendrás que volver a entrar con un código SMS.</p>
        </Modal>
      )}
    </div>
  );
}
