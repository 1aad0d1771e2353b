export interface ImageRequest {
  /** What to picture (sent to an image model). */
  prompt: string;
  /** The words the embedded renderer prints on the picture. */
  caption: string;
  /** Varies the embedded renderer's colours between the images of one article. */
  variant: number;
  signal?: AbortSignal;
}

export interface ImageResult {
  bytes: Buffer;
  ext: 'png' | 'jpg' | 'webp';
}

/** An image generator: an OpenAI-compatible model, or the embedded cover renderer. */
export interface ImageProvider {
  readonly name: string;
  readonly offline: boolean;
  generate(request: ImageRequest): Promise<ImageResult>;
}
