/**
 * The public face of the `quotas` area (issue 39 item 1): the only module another area may import.
 * What one comes to need is exported here, never reached by path: the data dashboard links its quota
 * panel to the ledger list (额度台账).
 */
export { QUOTA_PATHS } from './quota-api';
