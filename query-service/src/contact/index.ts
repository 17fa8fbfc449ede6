export { ContactAnswers } from './contact.answers';
