import { Button, Modal } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';

export function PhoneConfirmModal(props: { phone: string; onConfirm: () => void; onChange: () => void }) {
  return (
    <Modal
      title={texts.confirmTitle}
      onClose={props.onChange}
      actions={
        <>
          <Button onClick={props.onConfirm}>{texts.confirmYes}</Button>
          <Button variant="secondary" onClick={props.onChange}>
            {texts.confirmChange}
          </Button>
        </>
      }
    >
      <p>
        <strong>{props.phone}</strong>
      </p>
    </Modal>
  );
}
