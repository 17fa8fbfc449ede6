export { CardsAnswers } from './cards.answers';
