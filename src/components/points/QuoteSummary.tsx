import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { QuoteView } from '../../app/useQuote';

/**
 * What the work a dialog starts will charge, from the server's quote: the price of one article line
 * by line (and, in economy mode, that its pictures are drawn at their full price), and the total, and which keywords the task will skip (not counted). Before the form
 * describes any work it says so instead.
 */
export function QuoteSummary({ view, what }: { view: QuoteView; what: 'article' | 'publication' | 'refresh' }) {
  const { t } = useTranslation('common');
  const { quote, pending, error } = view;
  let body;
  if (error) body = <Text color="fg.error">{t('common.quote.failed', { msg: error.msg })}</Text>;
  else if (pending && !quote) body = <Text color="fg.muted">{t('common.quote.pending')}</Text>;
  else if (!quote) body = <Text color="fg.muted">{t('common.quote.nothing')}</Text>;
  else
    body = (
      <>
        {/* Free work has no price lines to list: it says so, not "0 points ()". */}
        <Text>
          {quote.per_item === 0
            ? t('common.quote.free')
            : t(`common.quote.perItem.${what}`, {
                points: quote.per_item,
                lines: quote.lines
                  .map((line) => t(`common.quote.line.${line.what}`, { price: line.price, quantity: line.quantity }))
                  .join(' + '),
              })}
        </Text>
        {quote.lines.some((line) => line.what === 'image' && line.interactive) && (
          <Text color="fg.muted">{t('common.quote.interactiveImages')}</Text>
        )}
        <Text fontWeight="semibold">{t(`common.quote.total.${what}`, { points: quote.total, count: quote.count })}</Text>
        {quote.skipped?.length ? (
          <Text color="fg.muted">
            {t('common.quote.skipped', {
              count: quote.skipped.length,
              keywords: quote.skipped.slice(0, 5).join(', ') + (quote.skipped.length > 5 ? '…' : ''),
            })}
          </Text>
        ) : null}
      </>
    );
  return (
    <Stack gap="0.5" textStyle="sm" borderWidth="1px" borderRadius="l2" p="3" aria-live="polite" data-testid="quote">
      {body}
    </Stack>
  );
}
