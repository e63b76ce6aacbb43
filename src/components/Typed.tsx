/**
 * What operators typed (a record's own text, a referenced record's name, a person's name, content),
 * marked as such: it is shown as written in every language, and the English walk
 * (tests/e2e/english.spec.ts) reads everything not marked as the interface's own words, which must
 * follow the language. A module of its own, so the shell marks names without loading the kit.
 */
import type { ReactNode } from 'react';

export function Typed({ children, block }: { children: ReactNode; block?: boolean }) {
  return block ? <div data-record="">{children}</div> : <span data-record="">{children}</span>;
}

/**
 * A text the interface rendered around record values (a to-do summary, a message, a welcome with a
 * name): the values are marked as typed, the words around them are the interface's.
 */
export function TypedIn({ text, values }: { text: string; values: readonly (string | null | undefined)[] }) {
  const present = [...new Set(values)].filter((v): v is string => !!v && text.includes(v)).sort((a, b) => b.length - a.length);
  if (!present.length) return <>{text}</>;
  const pattern = new RegExp(`(${present.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return (
    <>
      {text.split(pattern).map((part, index) => (index % 2 === 1 ? <Typed key={index}>{part}</Typed> : part))}
    </>
  );
}
