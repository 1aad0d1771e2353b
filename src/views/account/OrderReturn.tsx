import { useEffect, useRef, useState } from 'react';
import { Alert, CloseButton, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useOrder, type Order } from './api';
import { money } from '../../components/account/RechargeDialog';

/** While the payment's confirmation has not arrived: asked again this often, this many times. */
const POLL_MS = 3000;
const POLLS = 20;

const STATUS_ALERT: Record<string, 'info' | 'success' | 'warning' | 'error'> = {
  pending: 'info',
  credited: 'success',
  expired: 'warning',
  failed: 'error',
  refunded: 'warning',
};

/**
 * Back from the payment page (/account?order=<id>): the order's state. A paid order waits for the
 * provider's confirmation (its webhook), so a pending order is asked again for a minute, and the
 * balance and tables reload when its points arrive.
 */
export function OrderReturn({ id, onCredited, onDismiss }: { id: number; onCredited: () => void; onDismiss: () => void }) {
  const { t, i18n } = useTranslation(['account', 'orders']);
  const [order, setOrder] = useState<Order | null>(null);
  const [polls, setPolls] = useState(0);
  const lastStatus = useRef<string | null>(null);
  const load = useOrder(id, {
    onSucceeded: (detail) => {
      if (lastStatus.current === 'pending' && detail.status === 'credited') onCredited();
      lastStatus.current = detail.status;
      setOrder(detail);
    },
  });
  const { submit } = load;
  useEffect(() => {
    if (order?.status !== 'pending' || polls >= POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      submit(id);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [order, polls, submit, id]);

  if (load.error && !order) return <FailureAlert failure={load.error} />;
  if (!order) return null;
  const amount = money(order.amount_cents, order.currency, i18n.language);
  const waiting = order.status === 'pending';
  const description = waiting
    ? t(polls >= POLLS ? 'account.return.stillPending' : 'account.return.pending', { amount })
    : t(`account.return.${order.status}`, { points: order.points.toLocaleString(), amount, owed: order.owed_points });
  return (
    <Alert.Root status={STATUS_ALERT[order.status] ?? 'info'} data-testid="order-return" role="status">
      {waiting && polls < POLLS ? <Spinner size="sm" /> : <Alert.Indicator />}
      <Alert.Content>
        <Alert.Title>{t('account.return.title', { id: order.id, status: t(`orders.status.${order.status}`) })}</Alert.Title>
        <Alert.Description>{description}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label={t('account.return.dismiss')} onClick={onDismiss} />
    </Alert.Root>
  );
}
