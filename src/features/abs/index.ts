/**
 * The public face of the `abs` area (issue 39 item 1): the only module another area may import.
 * No other area uses anything of it yet; what one comes to need is exported here, never reached by path.
 */
export {};
