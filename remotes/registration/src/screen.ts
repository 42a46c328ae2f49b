import styles from './screen.module.css';

/** Every screen of this remote shares one frame: sign-in screens narrow, forms wide. */
export const narrowScreen = `${styles.screen} ${styles.narrow}`;
export const wideScreen = styles.screen;
