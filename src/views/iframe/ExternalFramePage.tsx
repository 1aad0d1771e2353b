import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useTabTitle } from '../../app/useTabTitle';
import { ExceptionView } from '../../components/feedback/ExceptionView';
import { isExternalUrl } from '../../shared/externalUrl';
import { FramePage } from './FramePage';

/**
 * `/iframe?url=<address>`: a menu item whose url is external, shown inside the console. Its tab is
 * named after the address's host, so two external pages side by side can be told apart.
 */
export default function ExternalFramePage() {
  const { t } = useTranslation();
  const url = new URLSearchParams(useSearch()).get('url') ?? '';
  const external = isExternalUrl(url);
  useTabTitle(external ? new URL(url).host : null);
  if (!external) {
    return <ExceptionView status={404} title={t('sys.exception.404.title')} description={t('sys.exception.404.description')} />;
  }
  return <FramePage src={url} title={url} />;
}
