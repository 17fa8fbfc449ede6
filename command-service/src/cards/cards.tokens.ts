/** Injection tokens of the cards context. */
export const CARD_LIFE = Symbol('CardLife');
export const LOCAL_LIST_SYNC = Symbol('LocalListSync');
export const LINK_THROTTLE = Symbol('LinkThrottle');
