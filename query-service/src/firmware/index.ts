export { FirmwareAnswers } from './firmware.answers';
