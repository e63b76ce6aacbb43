/**
 * Where to show each file of a file reference (spec §7): images as a snapshot of the asked size,
 * everything else through the preview. Both GETs are loaded by <img> tags and links, so each URL
 * carries the view grant the server issued for that file (src/lib/files.ts).
 */
import { FILE_CALLS, isImageMimeType, previewPath, snapshotPath, type FileGrants, type ThumbnailType } from '../../lib/files';
import { API_BASE } from '../../protocol';
import { api, type RequestOptions } from '../../providers/http';

export interface FilePreviewItem {
  id: string;
  /** undefined: the server knows no such file. */
  mimeType?: string;
  isImage: boolean;
  /** The snapshot of the asked size (images) or the preview (others); undefined for an unknown file. */
  url?: string;
  /** What a click opens: the original image, or the preview. */
  openUrl?: string;
}

export async function resolveFilePreviews(
  fileIds: readonly string[],
  thumbnailType: ThumbnailType = 'MEDIUM',
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<FilePreviewItem[]> {
  const ids = [...new Set(fileIds.filter((id) => id !== ''))];
  if (ids.length === 0) return [];
  const body = { pkFiles: ids };
  const [mimeTypes, { grants }] = await Promise.all([
    api.post<Record<string, string>>(FILE_CALLS.mimetype, body, options),
    api.post<FileGrants>(FILE_CALLS.grants, body, options),
  ]);
  return ids.map((id) => {
    const mimeType = mimeTypes[id];
    const grant = grants[id];
    const isImage = isImageMimeType(mimeType);
    if (!mimeType || !grant) return { id, mimeType, isImage };
    const url = API_BASE + (isImage ? snapshotPath(id, thumbnailType, grant) : previewPath(id, grant));
    const openUrl = API_BASE + (isImage ? snapshotPath(id, 'ORIGINAL', grant) : previewPath(id, grant));
    return { id, mimeType, isImage, url, openUrl };
  });
}
