import { messages } from '../i18n/messages';
import styles from './ui.module.css';

export function RemoteUnavailable() {
  return (
    <div role="alert" className={styles.unavailable}>
      {messages.remoteUnavailable}
    </div>
  );
}
