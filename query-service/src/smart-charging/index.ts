export { SmartChargingAnswers } from './smart-charging.answers';
