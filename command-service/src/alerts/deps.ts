// What the alerts context uses of other contexts, through their indexes only.
export { IDENTITY, loadAccount, rolesOf, type IdentityDeps } from '../identity/index';
export { chargerDecider, stationDecider } from '../network/index';
