import { Button, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface DialogFormFooterProps {
  onCancel: () => void;
  /** The form is being sent: its button spins. */
  submitting: boolean;
  /** The submit button's text; OK by default. */
  submitLabel?: string;
  disabled?: boolean;
  /** Nothing to send: one Close button. */
  readOnly?: boolean;
  /** The cancel button's text; Cancel (or Close) by default. */
  cancelLabel?: string;
  /** A dialog without a form (a confirmation): what its button does; then it is a plain button, not the form's submit. */
  onConfirm?: () => void;
}

/** The buttons under a form in a dialog: cancel, and submit (the form's own submit button, or the confirmation's). */
export function DialogFormFooter({
  onCancel,
  submitting,
  submitLabel,
  disabled,
  readOnly = false,
  cancelLabel,
  onConfirm,
}: DialogFormFooterProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel ?? t(readOnly ? 'common.closeText' : 'common.cancelText')}
      </Button>
      {!readOnly && (
        <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} colorPalette="brand" loading={submitting} disabled={disabled}>
          {submitLabel ?? t('common.okText')}
        </Button>
      )}
    </Dialog.Footer>
  );
}
