import styles from './ui.module.css';

/** A screen whose capability a later issue builds: it names itself so routing can be seen and tested. */
export function ScreenPlaceholder({ screen, title }: { screen: string; title: string }) {
  return (
    <section className={styles.placeholder} data-screen={screen} aria-labelledby={`credimo-${screen}-title`}>
      <h1 id={`credimo-${screen}-title`}>{title}</h1>
      <p>Estamos preparando esta sección.</p>
    </section>
  );
}
