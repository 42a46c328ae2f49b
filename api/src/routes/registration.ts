import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireSession } from '../identity/auth';
import { findPlaces } from '../registration/place-pages';
import {
  prefillOf,
  recordConsents,
  saveAdditionalData,
  saveAddresses,
  saveEmployment,
  savePersonalData,
  savePersonalDataAndAddress,
} from '../registration/profile';
import {
  BUSINESS_ACTIVITY_OPTIONS,
  EDUCATION_OPTIONS,
  EMPLOYMENT_TYPE_OPTIONS,
  NATIONALITIES,
} from '../registration/reference';
import { route } from './route';

export async function registrationRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;

  route(app, endpoints.personalData, async (request) => {
    await savePersonalData(db, requireSession(request).userId, request.body);
    return {};
  });

  route(app, endpoints.address, async (request) => {
    await saveAddresses(db, requireSession(request).userId, request.body);
    return {};
  });

  route(app, endpoints.personalDataAndAddress, async (request) => {
    await savePersonalDataAndAddress(db, requireSession(request).userId, request.body);
    return {};
  });

  route(app, endpoints.employment, async (request) => {
    await saveEmployment(db, requireSession(request).userId, request.body);
    return {};
  });

  route(app, endpoints.additionalData, async (request) => {
    await saveAdditionalData(db, requireSession(request).userId, request.body);
    return {};
  });

  route(app, endpoints.confirmations, async (request) => {
    await recordConsents(db, requireSession(request).userId, request.body, request.ip);
    return {};
  });

  route(app, endpoints.prefill, async (request) => prefillOf(db, requireSession(request).userId));

  route(app, endpoints.nationalities, async () => NATIONALITIES);
  route(app, endpoints.employmentTypes, async () => EMPLOYMENT_TYPE_OPTIONS);
  route(app, endpoints.educations, async () => EDUCATION_OPTIONS);
  route(app, endpoints.businessActivities, async () => BUSINESS_ACTIVITY_OPTIONS);

  const places = [
    { endpoint: endpoints.regions, table: 'regions', parent: null },
    { endpoint: endpoints.cities, table: 'cities', parent: 'region_id' },
    { endpoint: endpoints.streets, table: 'streets', parent: 'city_id' },
  ] as const;
  for (const { endpoint, table, parent } of places) {
    route(app, endpoint, async (request) => findPlaces(db, table, parent, request.query));
  }
}
