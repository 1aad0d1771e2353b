import { Type, type Static } from 'typebox';

export const UploadType = Type.Union([
  Type.Literal('avatar'),
  Type.Literal('image'),
  Type.Literal('file'),
  Type.Literal('keywords'),
  Type.Literal('article'),
]);
export const UploadResult = Type.Object({
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  type: Type.String(),
  mime: Type.String(),
});
export type UploadResult = Static<typeof UploadResult>;
