import { useTranslation } from 'react-i18next';
import { ApiPath } from '../../../contract/paths';
import { FramePage } from './FramePage';

/** /apiDoc (spec §2 "development docs"): the server's API reference (OpenAPI at /api/docs). */
export default function ApiDocPage() {
  const { t } = useTranslation();
  return <FramePage src={ApiPath.docs} title={t('routes.basic.apiDoc')} />;
}
