import { useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Dialog, Link, SimpleGrid, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../feedback/FormDialog';
import { toaster } from '../feedback/toaster';
import { DialogForm } from '../form/DialogForm';
import { DialogFormFooter } from '../form/DialogFormFooter';
import { FailureAlert } from '../form/FailureAlert';
import { TextField } from '../form/TextField';
import { useOrderPackage, usePackagesOnSale, useRedeemCode, type Order, type Package } from './api';
import { packageName } from '../../shared/packageName';

/** An amount in the currency's main unit, as the locale writes it. */
export function money(cents: number, currency: string, language: string) {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-CN', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** A step of the dialog that only tells (an order's state): its body, and a Close button alone. */
function Step({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <Dialog.Body>
        <Stack gap="3">{children}</Stack>
      </Dialog.Body>
      <DialogFormFooter onCancel={onCancel} submitting={false} readOnly />
    </>
  );
}

/** Choose a package and pay through the configured provider. */
function BuyPackage({ onCancel, onOrdered }: { onCancel: () => void; onOrdered: (order: Order) => void }) {
  const { t, i18n } = useTranslation('account');
  const packages = usePackagesOnSale();
  const [chosen, setChosen] = useState<number | null>(null);
  const submission = useOrderPackage({ onSucceeded: onOrdered });
  const list = packages.result?.list ?? [];
  const selected = list.find((p) => p.id === chosen) ?? null;
  const channel = packages.result?.channel;
  return (
    <DialogForm
      label={t('account.recharge.buy')}
      onSubmit={() => {
        if (selected) submission.submit(selected.id);
      }}
      gap="3"
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      disabled={!selected}
      submitLabel={t('account.recharge.pay')}
    >
      {packages.state === 'succeeded' && list.length === 0 && <Text color="fg.muted">{t('account.recharge.noPackages')}</Text>}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" role="radiogroup" aria-label={t('account.recharge.packages')}>
        {list.map((p: Package) => (
          <Box
            key={p.id}
            as="button"
            {...{ type: 'button' }}
            role="radio"
            aria-checked={chosen === p.id}
            data-testid={`package-${p.id}`}
            onClick={() => setChosen(p.id)}
            textAlign="start"
            borderWidth="2px"
            borderColor={chosen === p.id ? 'brand.solid' : 'border'}
            bg={chosen === p.id ? 'brand.subtle' : 'bg.panel'}
            borderRadius="lg"
            p="3"
            cursor="pointer"
          >
            <Text fontWeight="semibold">{packageName(p.name, t)}</Text>
            <Text fontSize="xl" fontWeight="bold">
              {money(p.price_cents, p.currency, i18n.language)}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {t('account.recharge.points', { points: p.points.toLocaleString() })}
              {p.bonus_points > 0 && (
                <Badge ms="2" colorPalette="green" variant="subtle">
                  {t('account.recharge.bonus', { points: p.bonus_points.toLocaleString() })}
                </Badge>
              )}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {(channel === 'manual' || channel === 'stripe') && (
        <Text textStyle="xs" color="fg.muted">
          {t(channel === 'manual' ? 'account.recharge.manualHint' : 'account.recharge.stripeHint')}
        </Text>
      )}
      <FailureAlert failure={submission.error} />
    </DialogForm>
  );
}

/** Redeem a recharge code: its points arrive at once. */
function RedeemCode({ onCancel, onRedeemed }: { onCancel: () => void; onRedeemed: (points: number, balance: number) => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const submission = useRedeemCode({ onSucceeded: ({ points, balance }) => onRedeemed(points, balance) });
  return (
    <DialogForm
      label={t('account.recharge.redeem')}
      onSubmit={() => {
        setEmpty(!code.trim());
        if (code.trim()) submission.submit(code.trim());
      }}
      gap="3"
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      submitLabel={t('account.recharge.redeemButton')}
    >
      <TextField
        label={t('account.recharge.code')}
        name="code"
        value={code}
        onValueChange={setCode}
        autoComplete="off"
        fontFamily="mono"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        error={empty ? 'account:account.recharge.codeRequired' : undefined}
        helperText={t('account.recharge.codeHint')}
      />
      <FailureAlert failure={submission.error} />
    </DialogForm>
  );
}

/**
 * An order placed: paid on the provider's page (Stripe Checkout, the browser on its way there), or
 * waiting for its payment (manual: a transfer the operator confirms).
 */
function Ordered({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const redirect = Boolean(order.pay_url);
  const amount = money(order.amount_cents, order.currency, i18n.language);
  return (
    <Step onCancel={onClose}>
      <Alert.Root status="info" data-testid={redirect ? 'order-redirect' : 'order-waiting'}>
        {redirect ? <Spinner size="sm" /> : <Alert.Indicator />}
        <Alert.Content>
          <Alert.Title>{t(redirect ? 'account.recharge.redirecting' : 'account.recharge.ordered', { id: order.id })}</Alert.Title>
          <Alert.Description>
            {t(redirect ? 'account.recharge.redirectHint' : 'account.recharge.transfer', { amount, id: order.id, points: order.points })}
            {redirect && (
              <>
                {' '}
                <Link href={order.pay_url} fontWeight="semibold" colorPalette="brand">
                  {t('account.recharge.continue')}
                </Link>
              </>
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Step>
  );
}

/**
 * The recharge modal: buy a package through the configured payment provider, or redeem
 * a recharge code. Opened from the account page, the dashboard and the "not enough points" dialog
 * (/account?recharge=1).
 */
export function RechargeDialog({ open, onClose, onCredited }: { open: boolean; onClose: () => void; onCredited: () => void }) {
  const { t } = useTranslation('account');
  const [tab, setTab] = useState('code');
  const [waiting, setWaiting] = useState<Order | null>(null);
  const close = () => {
    setWaiting(null);
    onClose();
  };
  const ordered = (order: Order) => {
    setWaiting(order);
    onCredited();
    // Stripe Checkout: on to its page; the success URL brings the customer back to /account?order=<id>.
    if (order.pay_url) window.location.assign(order.pay_url);
  };
  const redeemed = (points: number, balance: number) => {
    toaster.success({ title: t('account.recharge.redeemed', { points, balance }) });
    onCredited();
    close();
  };
  return (
    <FormDialog open={open} onClose={close} title={t('account.recharge.title')} size="md">
      {waiting ? (
        <Ordered order={waiting} onClose={close} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" lazyMount unmountOnExit>
          <Box px="6">
            <Tabs.List>
              <Tabs.Trigger value="code">{t('account.recharge.redeem')}</Tabs.Trigger>
              <Tabs.Trigger value="package">{t('account.recharge.buy')}</Tabs.Trigger>
            </Tabs.List>
          </Box>
          <Tabs.Content value="code" pt="0">
            <RedeemCode onCancel={close} onRedeemed={redeemed} />
          </Tabs.Content>
          <Tabs.Content value="package" pt="0">
            <BuyPackage onCancel={close} onOrdered={ordered} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </FormDialog>
  );
}
