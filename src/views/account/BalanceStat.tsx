import { Button, HStack, Stat } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBalance } from './api';
import { useOnCredit } from './useOnCredit';

/**
 * The account page's balance card with the prices and the top-up button. It loads its own figures,
 * so their arrival redraws this card, not the whole page (the page's first visit).
 */
export function BalanceStat({ credits, onTopUp }: { credits: number; onTopUp: (() => void) | null }) {
  const { t } = useTranslation('account');
  const summary = useBalance();
  useOnCredit(credits, summary.reload);
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
      <Stat.Label>{t('account.balance')}</Stat.Label>
      {/* A definition list holds only terms and definitions: the row and the prices are definitions too. */}
      <HStack as="dd" justify="space-between">
        <Stat.ValueText as="span" data-testid="account-balance">
          {summary.result ? summary.result.balance : '…'}
        </Stat.ValueText>
        {onTopUp && (
          <Button size="sm" colorPalette="brand" onClick={onTopUp}>
            <Plus /> {t('account.topUp')}
          </Button>
        )}
      </HStack>
      <Stat.HelpText as="dd">
        {summary.result
          ? t('account.prices', {
              article: summary.result.prices.article,
              image: summary.result.prices.image,
              images: summary.result.prices.images_per_article,
            })
          : t('account.balanceHint')}
      </Stat.HelpText>
    </Stat.Root>
  );
}
