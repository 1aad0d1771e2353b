import { Avatar } from '@chakra-ui/react';
import { readRuntimeConfig } from '../config/runtime';
import { assetUrl } from '../shared/assetUrl';

const { apiBaseUrl } = readRuntimeConfig();

/** A user's avatar: their picture from the API host, their initials while it loads or when it fails. */
export function UserAvatar({ name, avatar, size, alt }: { name: string; avatar: string; size?: Avatar.RootProps['size']; alt?: string }) {
  return (
    <Avatar.Root size={size} colorPalette="brand">
      <Avatar.Fallback name={name} />
      {avatar ? <Avatar.Image src={assetUrl(avatar, apiBaseUrl)} alt={alt} /> : null}
    </Avatar.Root>
  );
}
