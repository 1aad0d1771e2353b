import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigationActor } from '../../app/AppActorProvider';
import { useProductBrand } from '../../app/useProductBrand';

/**
 * Drawn again when packs arrive: a signed-in page's title is in `routes`, which loads with the
 * shell's code, after the root has drawn (the first screen's titles are in `sys`).
 */
const REDRAWN_WHEN_PACKS_LOAD = { bindI18n: 'languageChanged loaded' };

/**
 * Spec §2: the page title is the translated route title, a dash, then the product title; in the PWA
 * master mode the app's name stands for the product's.
 */
export function DocumentTitle() {
  const { t } = useTranslation(undefined, REDRAWN_WHEN_PACKS_LOAD);
  const navigation = useNavigationActor();
  const titleKey = useSelector(navigation, (state) => state.context.title);
  const { name: productTitle } = useProductBrand();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${productTitle}` : productTitle;
  }, [titleKey, productTitle, t]);
  return null;
}
