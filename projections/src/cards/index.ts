// Cards' read models: card requests (the staff view), cards, and the notifications their steps write.
export { CARD_REQUESTS, cardRequestsProjection, type CardRequestDoc } from './card-requests.projection';
export { CARDS, cardsProjection, type CardDoc } from './cards.projection';
export { cardNotificationsProjection } from './card-notifications.projection';
