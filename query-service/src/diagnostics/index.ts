// Diagnostics: a charger's diagnostics requests for staff (the files themselves are served by the command side).
export { DiagnosticsAnswers, diagnosticsRequestView } from './diagnostics.answers';
