import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ExceptionView } from '../../components/feedback/ExceptionView';
import { isExternalUrl } from './externalUrl';
import { FramePage } from './FramePage';

/** `/iframe?url=<address>`: a menu item whose url is external, shown inside the console. */
export default function ExternalFramePage() {
  const { t } = useTranslation();
  const url = new URLSearchParams(useSearch()).get('url') ?? '';
  if (!isExternalUrl(url)) {
    return <ExceptionView status={404} title={t('sys.exception.404.title')} description={t('sys.exception.404.description')} />;
  }
  return <FramePage src={url} title={url} />;
}
