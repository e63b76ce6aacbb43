/**
 * What changed between two versions of an agreement template, for the standard library's detail
 * page. The text of each version (its stored, sanitised HTML as readable lines) is compared word by
 * word with jsdiff (`diff`), whose Myers algorithm gives the smallest set of insertions and
 * deletions; Chinese has no spaces between words, so words come from Intl.Segmenter when the
 * runtime has it (characters otherwise).
 */
import { diffChars, diffWords, type ChangeObject } from 'diff';

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The readable text of sanitised template HTML: one line per block, tags dropped, entities decoded. */
export function templateText(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity])
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh-CN', { granularity: 'word' }) : undefined;

/** The parts of the newer text with what was removed from the older one in place, in reading order. */
export function templateDiff(previousHtml: string, currentHtml: string): DiffPart[] {
  const before = templateText(previousHtml);
  const after = templateText(currentHtml);
  const changes: ChangeObject<string>[] = segmenter ? diffWords(before, after, { intlSegmenter: segmenter }) : diffChars(before, after);
  return changes.map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}

export const hasChanges = (parts: readonly DiffPart[]) => parts.some((p) => p.kind !== 'same');
