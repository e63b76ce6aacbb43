/**
 * Whether the page being shown is read-only for this operator: an action page (StaticRoute.action)
 * opened without its write permission. The shell (src/layout/RoutePage.tsx) provides it and disables
 * every antd control of the page; a page reads it only to leave out what makes no sense read-only
 * (a submit button, a reason box) and to keep its way back enabled.
 */
import { createContext, useContext } from 'react';

export const PageReadOnlyContext = createContext(false);

export const usePageReadOnly = (): boolean => useContext(PageReadOnlyContext);
