import { useState } from 'react';
import { Badge, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { InternalLink } from '../../../contract/schemas/internalLink';
import { ColoredButton } from '../../components/ColoredButton';
import { FormDialog } from '../../components/feedback/FormDialog';
import { FailureAlert } from '../../components/form/FailureAlert';
import { useSiteLinkChanges, useUndoSiteLink } from './api';
import { linkTarget } from './linkTarget';
import { LinkSection } from './LinkSection';

/**
 * The links Inkpress added to a site's older posts, newest first: each can be undone after a
 * confirmation (its post is updated on the site without it), and then reads as undone.
 */
export function SiteLinkChanges({ siteId, canUndo }: { siteId: number; canUndo: boolean }) {
  const { t } = useTranslation('site');
  const changes = useSiteLinkChanges(siteId);
  // Links undone here, as the server answered: shown over the list loaded before.
  const [undone, setUndone] = useState<Record<number, InternalLink>>({});
  const [undoing, setUndoing] = useState<InternalLink | null>(null);
  const undo = useUndoSiteLink({
    onSucceeded: (link) => {
      setUndone((before) => ({ ...before, [link.id]: link }));
      setUndoing(null);
    },
  });
  const rows = changes.result?.list.filter((l) => l.kind === 'backlink').map((l) => undone[l.id] ?? l);
  const close = () => {
    setUndoing(null);
    undo.reset();
  };

  return (
    <LinkSection title={t('site.links.added')} none={rows?.length === 0 && t('site.links.addedNone')}>
      <FailureAlert failure={changes.error} />
      {rows?.map((link) => (
        <HStack key={link.id} gap="2" justify="space-between" align="start" data-testid="site-link-change">
          <Text textStyle="sm" overflowWrap="anywhere">
            {t('site.links.addedRow', { source: link.source_title, target: linkTarget(link), anchor: link.anchor })}
          </Text>
          {!link.undone_at && link.on_site === false && (
            // Read back from the site, its post does not hold this link (removed there).
            <Badge colorPalette="orange" flexShrink={0} data-testid="site-link-not-on-site">
              {t('site.links.notOnSite')}
            </Badge>
          )}
          {link.undone_at ? (
            <Badge>{t('site.links.undone')}</Badge>
          ) : (
            canUndo && (
              <Button size="xs" variant="outline" flexShrink={0} onClick={() => setUndoing(link)}>
                {t('site.links.undo')}
              </Button>
            )
          )}
        </HStack>
      ))}
      <FormDialog open={undoing !== null} onClose={close} title={t('site.links.undoTitle')} size="xs">
        <Dialog.Body>
          <Stack gap="2">
            {undoing && (
              <Text overflowWrap="anywhere">{t('site.links.undoText', { source: undoing.source_title, target: linkTarget(undoing) })}</Text>
            )}
            <FailureAlert failure={undo.error} />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={close}>
            {t('common.cancelText')}
          </Button>
          <ColoredButton color="primary" loading={undo.state === 'submitting'} onClick={() => undoing && undo.submit(undoing.id)}>
            {t('site.links.undo')}
          </ColoredButton>
        </Dialog.Footer>
      </FormDialog>
    </LinkSection>
  );
}
