import { Button, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface DialogFormFooterProps {
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
}

/** The buttons under a form in a dialog: cancel, and submit (the form's own submit button). */
export function DialogFormFooter({ onCancel, submitting, submitLabel, disabled, readOnly = false, cancelLabel }: DialogFormFooterProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel ?? t(readOnly ? 'common.closeText' : 'common.cancelText')}
      </Button>
      {!readOnly && (
        <Button type="submit" colorPalette="brand" loading={submitting} disabled={disabled}>
          {submitLabel ?? t('common.okText')}
        </Button>
      )}
    </Dialog.Footer>
  );
}
