import { Button, logout, Modal, messages, normaliseApiError, PATHS, type ScreenProps } from '@credimo/shared';
import type { FormikProps } from 'formik';

/**
 * Save errors: a personal id registered before opens the duplicate modal; other errors go to
 * their fields, or to the notice when no field claims them.
 */
export function showSaveError(
  error: unknown,
  form: Pick<FormikProps<unknown>, 'setFieldError'>,
  on: { notice: (message: string) => void; duplicate?: () => void },
): void {
  const problem = normaliseApiError(error);
  if (on.duplicate && problem.fieldErrors.personal_id === messages.duplicatePersonalId) {
    on.duplicate();
    return;
  }
  const fields = Object.entries(problem.fieldErrors);
  for (const [name, message] of fields) form.setFieldError(name, message);
  if (fields.length === 0) on.notice(problem.message);
}

/** The duplicated personal-id modal; its login action logs out. */
export function DuplicateIdModal({ navigate, onClose }: { navigate: ScreenProps['navigate']; onClose: () => void }) {
  return (
    <Modal
      title={messages.duplicatePersonalId}
      onClose={onClose}
      actions={
        <>
          <Button
            onClick={async () => {
              await logout();
              navigate(PATHS.auth, { replace: true });
            }}
          >
            Iniciar sesión
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Revisar mis datos
          </Button>
        </>
      }
    >
      <p>Si ya tienes una cuenta, entra con el teléfono con el que te registraste.</p>
    </Modal>
  );
}
