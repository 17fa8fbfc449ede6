/** The cards context: card requests and their workflow, the cards (id tokens), and chargers' local lists. */
export { cardsContext } from './cards.context';
export { CardLife, type CardChange, type CardFacts } from './card-life';
export { cardDecider } from './card.decider';
export { CARD_LIFE, LINK_THROTTLE, LOCAL_LIST_SYNC } from './cards.tokens';
