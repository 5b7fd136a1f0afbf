/** Spec part 5 and 9: JPG, JPEG, PNG, BMP or GIF, at most 15 MB; checked before the upload as the server does after. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

export type ImageProblem = 'IMAGE_EXTENSION' | 'IMAGE_TOO_LARGE' | null;

export function imageProblem(file: { name: string; size: number }): ImageProblem {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'IMAGE_EXTENSION';
  if (file.size > MAX_IMAGE_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/** The spec's tag of an image by its position: the first is shown, the second is the thumbnail. */
export const imageTag = (index: number): 'show' | 'thumb' | 'none' => (index === 0 ? 'show' : index === 1 ? 'thumb' : 'none');
