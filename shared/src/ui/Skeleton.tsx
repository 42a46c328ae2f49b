import { messages } from '../i18n/messages';
import styles from './ui.module.css';

/** Shown while a remote loads, so the page keeps its shape. */
export function Skeleton({ label = messages.loading }: { label?: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-live="polite">
      <span className={styles.visuallyHidden}>{label}</span>
    </div>
  );
}

/** The class that hides text from sight but not from screen readers (legends, live labels). */
export const visuallyHidden = styles.visuallyHidden ?? '';
