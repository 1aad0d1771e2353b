import { Flex, Text } from '@chakra-ui/react';
import { useProductBrand } from '../../app/useProductBrand';
import { ProductMark } from '../../components/brand/ProductMark';

/** The product's mark atop a sidebar, and its name where the column is wide enough for it. */
export function SidebarBrand({ named }: { named: boolean }) {
  const brand = useProductBrand();
  return (
    <Flex align="center" gap="2.5" h="12" px={named ? '4' : '2'} justify={named ? 'flex-start' : 'center'} flexShrink={0} overflow="hidden">
      <ProductMark icon={brand.icon} />
      {named && (
        <Text color="sidebar.strong" fontWeight="semibold" fontSize="md" whiteSpace="nowrap" letterSpacing="wide">
          {brand.name}
        </Text>
      )}
    </Flex>
  );
}
