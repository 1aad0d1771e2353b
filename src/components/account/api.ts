import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { sendEmailCode } from '../../services/api/auth';
import { profileEdit } from '../../services/api/profile';
import { codeRedeem, orderCreate, packageList } from '../../services/api/topup';
import { upload } from '../../services/api/upload';
import { cropSquare } from './cropSquare';

export type { Order, Package } from '../../services/api/topup';

/** The avatar: the picture's centre square, uploaded. */
const uploadAvatar = async (file: File) => upload(await cropSquare(file), 'avatar', 'avatar.png');

export const useUploadAvatar = (handlers?: HandlersOf<typeof uploadAvatar>) => useCall(uploadAvatar, handlers);

export const useSendEmailCode = (handlers?: HandlersOf<typeof sendEmailCode>) => useCall(sendEmailCode, handlers);

export const useSaveProfile = (handlers?: HandlersOf<typeof profileEdit>) => useCall(profileEdit, handlers);

const ON_SALE = false;

/** The packages on sale, and the payment channel. */
export const usePackagesOnSale = () => useLoad(packageList, ON_SALE);

/** An order for a package, paid on the provider's page. */
export const useOrderPackage = (handlers?: HandlersOf<typeof orderCreate>) => useCall(orderCreate, handlers);

export const useRedeemCode = (handlers?: HandlersOf<typeof codeRedeem>) => useCall(codeRedeem, handlers);
