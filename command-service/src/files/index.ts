/** The files context: uploads (purpose, checks) kept in the FileStore port. Other contexts check an upload through FILE_STORE. */
export { FILE_STORE, FilesController } from './files.controller';
