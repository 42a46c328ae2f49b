// The one sentence, not the catalogue: a widget's first load carries no other text it does not show.
import { remoteUnavailable } from '../i18n/remote-unavailable';
import styles from './ui.module.css';

export function RemoteUnavailable() {
  return (
    <div role="alert" className={styles.unavailable}>
      {remoteUnavailable}
    </div>
  );
}
