// The profile's form sections, one file each, shared by the step screens and the dynamic step (which asks only
// for what is missing).
export { AddressFields } from './AddressFields';
export { additionalDataBody } from './additional-data';
export { ContactFields } from './ContactFields';
export { EmploymentFields } from './EmploymentFields';
export { IdentityFields } from './IdentityFields';
export { DuplicateIdModal, showSaveError } from './save-errors';
export * from './values';
