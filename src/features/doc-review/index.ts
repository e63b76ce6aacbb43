/**
 * The public face of the `doc-review` area (issue 39 item 1): the only module another area may import.
 * It offers a material's shape, which a batch's review panel lists.
 */
export type { DocMaterial } from './rules';
