import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigationActor } from '../../app/AppActorProvider';
import { useProductBrand } from '../../app/useProductBrand';

/**
 * Spec §2: the page title is the translated route title, a dash, then the product title; in the PWA
 * master mode the app's name stands for the product's.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const navigation = useNavigationActor();
  const titleKey = useSelector(navigation, (state) => state.context.title);
  const { name: productTitle } = useProductBrand();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${productTitle}` : productTitle;
  }, [titleKey, productTitle, t]);
  return null;
}
