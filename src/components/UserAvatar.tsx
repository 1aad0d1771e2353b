import { Avatar } from '@chakra-ui/react';
import { readRuntimeConfig } from '../config/runtime';
import { assetUrl } from '../shared/assetUrl';

const { apiBaseUrl } = readRuntimeConfig();

/**
 * A user's avatar: their picture from the API host, their initials while it loads or when it fails.
 * Its alt is empty by default: most avatars stand beside the name they picture. `hidden` keeps the
 * initials out of a control whose name is the user's name already.
 */
export function UserAvatar({
  name,
  avatar,
  size,
  alt = '',
  hidden,
}: {
  name: string;
  avatar: string;
  size?: Avatar.RootProps['size'];
  alt?: string;
  hidden?: boolean;
}) {
  return (
    <Avatar.Root size={size} colorPalette="brand" aria-hidden={hidden || undefined}>
      <Avatar.Fallback name={name} />
      {avatar ? <Avatar.Image src={assetUrl(avatar, apiBaseUrl)} alt={alt} /> : null}
    </Avatar.Root>
  );
}
