import { Dialog, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { useSiteLinkReport } from './api';
import { LinkSection } from './LinkSection';
import { SiteLinkChanges } from './SiteLinkChanges';
import { linkTarget } from './linkTarget';

/**
 * A site's internal linking: live pages no other page links to, links to pages no longer live, and
 * the links added to its older posts (undone here by who may edit the site).
 */
export function SiteLinksDialog({ open, site, canUndo, onClose }: { open: boolean; site: Site; canUndo: boolean; onClose: () => void }) {
  const { t } = useTranslation('site');
  return (
    <FormDialog open={open} onClose={onClose} title={t('site.links.title', { name: site.name })} size="lg">
      <Dialog.Body>
        {open && (
          <Stack gap="4">
            <LinkReport siteId={site.id} />
            <SiteLinkChanges siteId={site.id} canUndo={canUndo} />
          </Stack>
        )}
      </Dialog.Body>
    </FormDialog>
  );
}

function LinkReport({ siteId }: { siteId: number }) {
  const { t } = useTranslation('site');
  const report = useSiteLinkReport(siteId).result;
  if (!report) return <PageLoading />;
  return (
    <Stack gap="4" data-testid="site-link-report">
      <LinkSection title={t('site.links.orphans')} none={report.orphans.length === 0 && t('site.links.orphansNone')}>
        {report.orphans.map((o) => (
          <Link key={o.article_id} href={o.url} target="_blank" rel="noopener noreferrer" textStyle="sm" color="brand.fg">
            {o.title}
          </Link>
        ))}
      </LinkSection>
      <LinkSection title={t('site.links.broken')} none={report.broken.length === 0 && t('site.links.brokenNone')}>
        {report.broken.map((b) => (
          <Text key={b.link_id} textStyle="sm" overflowWrap="anywhere">
            {t('site.links.brokenRow', { source: b.source_title, target: linkTarget(b), anchor: b.anchor })}
          </Text>
        ))}
      </LinkSection>
    </Stack>
  );
}
