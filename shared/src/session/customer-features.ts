import { atom } from 'jotai';
import { calls } from '../api/client';
import type { CustomerFeatures } from '../contract/around';
import { sessionStore } from './store';

/** SPEC section 6: the signed-in customer's feature flags, null until loaded (screens then assume the defaults). */
export const customerFeaturesAtom = atom<CustomerFeatures | null>(null);

/** Loads the customer's flags into the store (GET /v2/user/features). */
export async function loadCustomerFeatures(): Promise<CustomerFeatures> {
  const features = await calls.userFeatures();
  sessionStore.set(customerFeaturesAtom, features);
  return features;
}
