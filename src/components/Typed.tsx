/**
 * What operators typed (a record's own text, a referenced record's name, a person's name, content),
 * marked as such: it is shown as written in every language, and the English walk
 * (tests/e2e/english.spec.ts) reads everything not marked as the interface's own words, which must
 * follow the language. A module of its own, so the shell marks names without loading the kit.
 */
import type { ReactNode } from 'react';

/**
 * `title`: the hover text of a value a cell may cut (an ellipsis column): on the marked element, since
 * a cell whose content is an element gets no title of its own from antd.
 */
export function Typed({ children, block, title }: { children: ReactNode; block?: boolean; title?: string }) {
  return block ? (
    <div data-record="" title={title}>
      {children}
    </div>
  ) : (
    <span data-record="" title={title}>
      {children}
    </span>
  );
}

/** A table cell holding a record's text (a name, a number): marked as typed, its whole text on hover. */
export const typedCell = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : <Typed title={String(value)}>{String(value)}</Typed>;

/**
 * What an antd Select whose options are records' names (a package, a corporation) needs so the chosen
 * name and the listed ones are marked as typed: the chosen one keeps its whole text on hover, on the
 * marked element (the Select's own title, on the unmarked selection, is emptied).
 */
export const typedSelect = {
  title: '',
  labelRender: ({ label }: { label?: ReactNode }) => <Typed title={typeof label === 'string' ? label : undefined}>{label}</Typed>,
  optionRender: ({ label }: { label?: ReactNode }) => <Typed>{label}</Typed>,
} as const;

/**
 * A text the interface rendered around record values (a to-do summary, a message, a welcome with a
 * name): the values are marked as typed, the words around them are the interface's.
 */
export function TypedIn({ text, values }: { text: string; values: readonly (string | null | undefined)[] }) {
  const present = [...new Set(values)].filter((v): v is string => !!v && text.includes(v)).sort((a, b) => b.length - a.length);
  if (!present.length) return <>{text}</>;
  const pattern = new RegExp(`(${present.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return <>{text.split(pattern).map((part, index) => (index % 2 === 1 ? <Typed key={index}>{part}</Typed> : part))}</>;
}
