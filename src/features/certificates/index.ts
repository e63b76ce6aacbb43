/**
 * The public face of the `certificates` area (issue 39 item 1): the only module another area may import.
 * It offers the invoice-type select, which a bill's invoice form uses too.
 */
export { InvoiceTypeSelect } from './InvoiceTypeSelect';
