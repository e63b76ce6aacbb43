/**
 * Shows the files of a file reference: images as thumbnails that open the original, other files as
 * links to their preview. Import it lazily (React.lazy) from the page that shows files, so that it
 * adds nothing to the shell's first load.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThumbnailType } from '../../lib/files';
import { resolveFilePreviews, type FilePreviewItem } from './file-previews';
import { loadImage } from './load-image';
import './file-preview.css';

interface Props {
  fileIds: readonly string[];
  thumbnailType?: ThumbnailType;
  /** Display names by file id, when the page knows them. */
  names?: Readonly<Record<string, string>>;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; items: FilePreviewItem[] };

function Thumbnail({ item, name }: { item: FilePreviewItem; name: string }) {
  const { t } = useTranslation('files');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let current = true;
    loadImage(item.url).then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [item.url]);
  if (state === 'failed') return <span className="file-preview-failed">{t('preview.imageFailed', { name })}</span>;
  if (state === 'loading') return <span className="file-preview-loading">{t('preview.loading')}</span>;
  return (
    <a href={item.openUrl} target="_blank" rel="noopener noreferrer" title={t('preview.openOriginal')}>
      <img src={item.url} alt={name} style={{ maxWidth: '100%' }} />
    </a>
  );
}

export function FilePreview({ fileIds, thumbnailType = 'MEDIUM', names = {} }: Props) {
  const { t } = useTranslation('files');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const key = fileIds.join('\n');

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    resolveFilePreviews(key === '' ? [] : key.split('\n'), thumbnailType, { signal: controller.signal }).then(
      (items) => setLoaded({ state: 'ready', items }),
      (error: Error) => !controller.signal.aborted && setLoaded({ state: 'failed', message: error.message }),
    );
    return () => controller.abort();
  }, [key, thumbnailType]);

  if (loaded.state === 'loading')
    return (
      <div className="file-preview" aria-busy="true">
        {t('preview.loading')}
      </div>
    );
  if (loaded.state === 'failed')
    return (
      <div className="file-preview" role="alert">
        {loaded.message}
      </div>
    );
  if (loaded.items.length === 0) return <div className="file-preview">{t('common:emptyList')}</div>;
  return (
    <ul className="file-preview">
      {loaded.items.map((item, index) => {
        const name = names[item.id] ?? t('preview.defaultName', { index: index + 1 });
        return (
          <li key={item.id} data-file-id={item.id}>
            {!item.url ? (
              <span className="file-preview-failed">{t('preview.missing', { name })}</span>
            ) : item.isImage ? (
              <Thumbnail item={item} name={name} />
            ) : (
              <a href={item.url} target="_blank" rel="noopener noreferrer">
                {t('preview.open', { name })}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default FilePreview;
