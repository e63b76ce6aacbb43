/**
 * Loads an image before it is shown (spec §8 image load failure). The rejection messages are the
 * spec's own, for callers and logs, not shown to users as they are.
 */
export const IMAGE_URL_NOT_FOUND = 'img url not found';
export const IMAGE_ONERROR = 'image onerror';

export function loadImage(url: string | undefined | null): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    if (!url) {
      reject(new Error(IMAGE_URL_NOT_FOUND));
      return;
    }
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(IMAGE_ONERROR));
    image.src = url;
  });
}
