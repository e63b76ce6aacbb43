/**
 * A news item or notice laid out as readers see it: title, date and author, cover, summary and the
 * sanitised content. Import it lazily (it brings DOMPurify and the file previews).
 */
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { ContentHtml } from './ContentHtml';
import { ContentCover } from './ContentCover';
import { useContentThemeVars } from './content-theme';
import './content.css';

/** A record of a content resource (title, summary, author, coverFileId, content, publishTime, createTime). */
export type ArticleValues = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function ContentArticle({ item }: { item: ArticleValues }) {
  const { t } = useTranslation('content');
  const time = text(item.publishTime) ?? text(item.createTime);
  const author = text(item.author);
  const cover = text(item.coverFileId);
  const summary = text(item.summary);
  const themeVars = useContentThemeVars();
  return (
    <article className="content-article" style={themeVars} data-testid="content-article">
      <h1 className="content-article-title">{text(item.title) ?? t('article.untitled')}</h1>
      <div className="content-article-meta">
        {time && <time dateTime={time}>{formatDate(time, 'YYYY-MM-DD HH:mm')}</time>}
        {author && <span>{t('article.author', { author })}</span>}
      </div>
      {cover && <ContentCover fileId={cover} alt={text(item.title) ?? ''} />}
      {summary && <p className="content-article-summary">{summary}</p>}
      <ContentHtml html={text(item.content)} />
    </article>
  );
}

export default ContentArticle;
