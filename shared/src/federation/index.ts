export * from './create-mount';
export { UNAVAILABLE, unavailableModule, unavailableMount } from './fallback-plugin';
export * from './screen';
export * from './screen-switch';
