import { useState } from 'react';
import { Alert, Badge, Box, Dialog, Link, SimpleGrid, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../app/useLoad';
import { useCall } from '../../app/useCall';
import { FormDialog } from '../feedback/FormDialog';
import { toaster } from '../feedback/toaster';
import { DialogFormFooter } from '../form/DialogFormFooter';
import { FailureAlert } from '../form/FailureAlert';
import { TextField } from '../form/TextField';
import { codeRedeem, orderCreate, packageList, type Order, type Package } from '../../services/api/topup';
import { packageName } from '../../shared/packageName';

const NO_INPUT = false;

/** An amount in the currency's main unit, as the locale writes it. */
export function money(cents: number, currency: string, language: string) {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-CN', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** Choose a package and pay through the configured provider. */
function BuyPackage({ onCancel, onOrdered }: { onCancel: () => void; onOrdered: (order: Order) => void }) {
  const { t, i18n } = useTranslation('account');
  const packages = useLoad(packageList, NO_INPUT);
  const [chosen, setChosen] = useState<number | null>(null);
  const submission = useCall(orderCreate, { onSucceeded: onOrdered });
  const list = packages.result?.list ?? [];
  const selected = list.find((p) => p.id === chosen) ?? null;
  return (
    <form
      noValidate
      aria-label={t('account.recharge.buy')}
      onSubmit={(event) => {
        event.preventDefault();
        if (selected) submission.submit(selected.id);
      }}
    >
      <Dialog.Body>
        <Stack gap="3">
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
          {packages.result?.channel === 'manual' && (
            <Text textStyle="xs" color="fg.muted">
              {t('account.recharge.manualHint')}
            </Text>
          )}
          {packages.result?.channel === 'stripe' && (
            <Text textStyle="xs" color="fg.muted">
              {t('account.recharge.stripeHint')}
            </Text>
          )}
          <FailureAlert failure={submission.error} />
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onCancel}
        submitting={submission.state === 'submitting'}
        disabled={!selected}
        submitLabel={t('account.recharge.pay')}
      />
    </form>
  );
}

/** Redeem a recharge code: its points arrive at once. */
function RedeemCode({ onCancel, onRedeemed }: { onCancel: () => void; onRedeemed: (points: number, balance: number) => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const submission = useCall(codeRedeem, { onSucceeded: ({ points, balance }) => onRedeemed(points, balance) });
  return (
    <form
      noValidate
      aria-label={t('account.recharge.redeem')}
      onSubmit={(event) => {
        event.preventDefault();
        setEmpty(!code.trim());
        if (code.trim()) submission.submit(code.trim());
      }}
    >
      <Dialog.Body>
        <Stack gap="3">
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
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onCancel}
        submitting={submission.state === 'submitting'}
        submitLabel={t('account.recharge.redeemButton')}
      />
    </form>
  );
}

/** An order that waits for its payment (manual: a transfer the operator confirms). */
function Waiting({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  return (
    <>
      <Dialog.Body>
        <Alert.Root status="info" data-testid="order-waiting">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('account.recharge.ordered', { id: order.id })}</Alert.Title>
            <Alert.Description>
              {t('account.recharge.transfer', {
                amount: money(order.amount_cents, order.currency, i18n.language),
                id: order.id,
                points: order.points,
              })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Dialog.Body>
      <DialogFormFooter onCancel={onClose} submitting={false} readOnly />
    </>
  );
}

/** An order paid on the provider's page (Stripe Checkout): the browser is on its way there. */
function Redirecting({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  return (
    <>
      <Dialog.Body>
        <Alert.Root status="info" data-testid="order-redirect">
          <Spinner size="sm" />
          <Alert.Content>
            <Alert.Title>{t('account.recharge.redirecting', { id: order.id })}</Alert.Title>
            <Alert.Description>
              {t('account.recharge.redirectHint', {
                amount: money(order.amount_cents, order.currency, i18n.language),
                points: order.points,
              })}{' '}
              <Link href={order.pay_url} fontWeight="semibold" colorPalette="brand">
                {t('account.recharge.continue')}
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Dialog.Body>
      <DialogFormFooter onCancel={onClose} submitting={false} readOnly />
    </>
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
      {waiting?.pay_url ? (
        <Redirecting order={waiting} onClose={close} />
      ) : waiting ? (
        <Waiting order={waiting} onClose={close} />
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
