import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigationActor } from '../../app/AppActorProvider';

/** Spec §2: the page title is the translated route title, a dash, then the product title. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const navigation = useNavigationActor();
  const titleKey = useSelector(navigation, (state) => state.context.title);
  const productTitle = t('sys.app.title');
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${productTitle}` : productTitle;
  }, [titleKey, productTitle, t]);
  return null;
}
