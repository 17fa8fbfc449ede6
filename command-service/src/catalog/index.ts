/** The catalog context: master data (car brands, types, battery ranges), their names and users. */
export { catalogContext } from './catalog.context';
export { masterDataDecider, type MasterDataData } from './catalog.deciders';
export { LinkMasterDataUsageCommand, UnlinkMasterDataUsageCommand } from './catalog.commands';
export { masterDataStates } from './master-data-states';
export { claimItemNames, releaseItemNames, type NamedItem } from './item-names';
