import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './kit.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it (WCAG: labels on every field). */
export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A field's error line. Always in place, one line tall when empty: an error that appears or disappears on blur
 * never moves what is below it, so a click already on its way to "Continuar" still lands on it.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className={styles.error} aria-live="polite">
      {error ?? ''}
    </p>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | undefined;
}

export function Checkbox({ label, error, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div>
      <div className={styles.check}>
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'link' };

export function Button({ variant = 'primary', className, type = 'button', ...button }: ButtonProps) {
  const variantClass =
    variant === 'link' ? styles.link : variant === 'secondary' ? `${styles.button} ${styles.secondary}` : styles.button;
  return <button {...button} type={type} className={[variantClass, className].filter(Boolean).join(' ')} />;
}

export function Alert({ tone, children }: { tone: 'error' | 'info' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[`alert-${tone}`]}`}>
      {children}
    </div>
  );
}

interface ModalProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}

/** An accessible modal dialog: focus moves in, Escape closes, focus returns to where it was. */
export function Modal({ title, children, actions, onClose }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('button, [href], input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className={styles.backdrop}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.dialog}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
