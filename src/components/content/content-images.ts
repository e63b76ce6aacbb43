/**
 * Stored content names its images by file id only (src/lib/html-policy.ts); this fills in their src
 * with snapshot URLs under fresh view grants each time the content is shown, so content written
 * months ago shows its images as long as the files exist.
 */
import { contentFileIds, CONTENT_FILE_ID_ATTRIBUTE } from '../../lib/html-policy';
import type { ThumbnailType } from '../../lib/files';
import { resolveFilePreviews } from '../files/file-previews';

export async function withImageSources(sanitizedHtml: string, size: ThumbnailType, options: { signal?: AbortSignal } = {}): Promise<string> {
  const ids = contentFileIds(sanitizedHtml);
  if (ids.length === 0) return sanitizedHtml;
  const items = await resolveFilePreviews(ids, size, options);
  const urls = new Map(items.flatMap((item) => (item.isImage && item.url ? [[item.id, item.url] as const] : [])));
  // A template's content is inert: parsing it runs nothing and loads no image.
  const template = document.createElement('template');
  template.innerHTML = sanitizedHtml;
  for (const image of Array.from(template.content.querySelectorAll('img'))) {
    const url = urls.get(image.getAttribute(CONTENT_FILE_ID_ATTRIBUTE) ?? '');
    if (url) image.setAttribute('src', url);
  }
  return template.innerHTML;
}
