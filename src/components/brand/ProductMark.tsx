import { Image } from '@chakra-ui/react';
import { LogoMark } from './LogoMark';

/** The mark beside the product's name: the PWA app's icon when there is one, else Inkpress's. */
export function ProductMark({ icon }: { icon: string | null }) {
  if (!icon) return <LogoMark boxSize="7" />;
  return <Image src={icon} alt="" boxSize="7" flexShrink={0} rounded="md" objectFit="contain" />;
}
