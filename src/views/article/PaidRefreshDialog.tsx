import type { ReactNode } from 'react';
import { Dialog, Stack } from '@chakra-ui/react';
import type { Call } from '../../app/useCall';
import { FormDialog } from '../../components/feedback/FormDialog';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { QuoteSummary } from '../../components/points/QuoteSummary';
import { useRefreshQuote } from './api';

interface PaidRefreshDialogProps {
  title: string;
  size: 'sm' | 'xl';
  /** What the refresh is about: the article, or how the articles are picked. */
  children: ReactNode;
  /** How many articles it refreshes: what it costs; none, and there is nothing to confirm. */
  count: number;
  refresh: Pick<Call<never, unknown>, 'state' | 'error'>;
  submitLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Once the refreshes are queued: what follows them, in place of the question, with a Close button only. */
  queued?: ReactNode;
}

/** Asks before a paid refresh: what it is about, what it costs and, when refused, why; confirmed, it is queued. */
export function PaidRefreshDialog({
  title,
  size,
  children,
  count,
  refresh,
  submitLabel,
  onConfirm,
  onClose,
  queued,
}: PaidRefreshDialogProps) {
  const price = useRefreshQuote(count > 0 ? { count } : null);
  return (
    <FormDialog open onClose={onClose} title={title} size={size}>
      <Dialog.Body>
        {queued ?? (
          <Stack gap="3">
            {children}
            <QuoteSummary view={price} what="refresh" />
            <FailureAlert failure={refresh.error} />
          </Stack>
        )}
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onClose}
        readOnly={Boolean(queued)}
        submitting={refresh.state === 'submitting'}
        disabled={count === 0}
        submitLabel={submitLabel}
        onConfirm={onConfirm}
      />
    </FormDialog>
  );
}
