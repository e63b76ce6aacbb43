/**
 * A language switch reads the lists again: the server renders what it answers (process and step
 * names, to-do summaries, messages, refusals) in the language the request names (server/i18n.ts), so
 * lists fetched before the switch would stay in the old one. Records opened for editing ('one'
 * queries) are left alone: refetching them would refill a half-typed form.
 */
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useEffect } from 'react';

export function RefetchOnLanguage() {
  const client = useQueryClient();
  useEffect(() => {
    const changed = () => void client.invalidateQueries({ predicate: (query) => !query.queryKey.includes('one') });
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [client]);
  return null;
}
