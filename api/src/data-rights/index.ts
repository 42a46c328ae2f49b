export { consentHistory, withdrawMarketing } from './consents';
export { eraseCustomer, purgeRetained, RETENTION_YEARS, retentionEnd } from './erasure';
export { buildExport, dropExpiredExports, EXPORT_DAYS, exportFile, exportView, requestExport } from './export';
