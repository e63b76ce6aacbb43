/**
 * The public face of the `financing` area (issue 39 item 1): the only module another area may import.
 * It offers the supplier's signing tab, which a corporation's detail page shows.
 */
export { SupplierSigningTab } from './SupplierSigningTab';
