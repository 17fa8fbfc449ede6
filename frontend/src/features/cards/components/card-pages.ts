// i18n-catalog: app — the customer area's card pages, loaded as one chunk.
export { CardRequestPage } from './card-request-page';
export { MyCardsPage } from './my-cards-page';
