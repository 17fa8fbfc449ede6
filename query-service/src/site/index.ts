export { SiteAnswers } from './site.answers';
export { SiteController } from './site.controller';
