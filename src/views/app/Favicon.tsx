import { useEffect } from 'react';
import { useProductBrand } from '../../app/useProductBrand';

/** In the PWA master mode the app's icon is the favicon (spec §2, §7 get_app); the product's comes back after. */
export function Favicon() {
  const { icon } = useProductBrand();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link || !icon) return;
    const productIcon = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.setAttribute('href', icon);
    link.removeAttribute('type');
    return () => {
      if (productIcon.href) link.setAttribute('href', productIcon.href);
      if (productIcon.type) link.setAttribute('type', productIcon.type);
    };
  }, [icon]);
  return null;
}
