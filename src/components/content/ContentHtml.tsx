/**
 * Stored rich text as readers see it: sanitised with the shared policy in the browser (whatever the
 * server stored), then its images given fresh view grants. Import it lazily: it brings DOMPurify.
 */
import { useEffect, useMemo, useState } from 'react';
import { sanitizeContentHtml } from './sanitize-html';
import { withImageSources } from './content-images';
import { useContentThemeVars } from './content-theme';
import './content.css';

export function ContentHtml({ html }: { html: string | null | undefined }) {
  const sanitized = useMemo(() => sanitizeContentHtml(html ?? ''), [html]);
  const [shown, setShown] = useState(sanitized);
  const themeVars = useContentThemeVars();

  useEffect(() => {
    setShown(sanitized);
    const controller = new AbortController();
    withImageSources(sanitized, 'BIG', { signal: controller.signal }).then(
      (withImages) => !controller.signal.aborted && setShown(withImages),
      // Without grants the images stay without a source (their alt text shows); the text is there.
      () => undefined,
    );
    return () => controller.abort();
  }, [sanitized]);

  return <div className="content-html" style={themeVars} data-testid="content-html" dangerouslySetInnerHTML={{ __html: shown }} />;
}

export default ContentHtml;
