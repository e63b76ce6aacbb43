/** The cover image of an article, under a fresh view grant; nothing when it cannot be shown. */
import { useEffect, useState } from 'react';
import { resolveFilePreviews } from '../files/file-previews';
import { loadImage } from '../files/load-image';

export function ContentCover({ fileId, alt }: { fileId: string; alt: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    setUrl(undefined);
    resolveFilePreviews([fileId], 'BIG', { signal: controller.signal })
      .then(([item]) => loadImage(item?.url).then(() => item.url))
      .then(
        (loaded) => !controller.signal.aborted && setUrl(loaded),
        () => undefined,
      );
    return () => controller.abort();
  }, [fileId]);
  return url ? <img className="content-article-cover" src={url} alt={alt} data-testid="content-cover" /> : null;
}
