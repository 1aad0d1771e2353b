import { useState } from 'react';
import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AccessKey, AccessKeyWithSecret } from '../../../contract/schemas/accessKey';
import { FormDialog } from '../../components/feedback/FormDialog';
import { DialogForm } from '../../components/form/DialogForm';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useRotateKey } from './api';

const GRACE = [0, 3600, 86_400, 7 * 86_400] as const;

/** A new secret for a key; the old one ends now or after a grace period. */
export function RotateDialog({
  row,
  onClose,
  onRotated,
}: {
  row: AccessKey | null;
  onClose: () => void;
  onRotated: (rotated: AccessKeyWithSecret) => void;
}) {
  const { t } = useTranslation('accessKey');
  return (
    <FormDialog open={row !== null} onClose={onClose} title={t('accessKey.rotate.title', { name: row?.name ?? '' })} size="sm">
      {row && <RotateForm row={row} onCancel={onClose} onRotated={onRotated} />}
    </FormDialog>
  );
}

function RotateForm({
  row,
  onCancel,
  onRotated,
}: {
  row: AccessKey;
  onCancel: () => void;
  onRotated: (rotated: AccessKeyWithSecret) => void;
}) {
  const { t } = useTranslation('accessKey');
  const [grace, setGrace] = useState(0);
  const submission = useRotateKey({ onSucceeded: onRotated });
  return (
    <DialogForm
      label={t('accessKey.rotate.label')}
      onSubmit={() => submission.submit({ id: row.id, grace })}
      gap="3"
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      submitLabel={t('accessKey.rotate.submit')}
    >
      <FailureAlert failure={submission.error} />
      <Text textStyle="sm">{t('accessKey.rotate.text')}</Text>
      <Field.Root>
        <Field.Label>{t('accessKey.rotate.grace')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={String(grace)} onChange={(event) => setGrace(Number(event.target.value))}>
            {GRACE.map((seconds) => (
              <option key={seconds} value={seconds}>
                {t(`accessKey.rotate.graces.${seconds}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </DialogForm>
  );
}
