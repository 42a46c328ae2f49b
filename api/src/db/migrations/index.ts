import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_identity';
import * as m0003 from './0003_pricing';
import * as m0004 from './0004_registration';
import * as m0005 from './0005_loans';
import * as m0006 from './0006_rate_limits';
import * as m0007 from './0007_origination';
import * as m0008 from './0008_evidence';
import * as m0009 from './0009_view_versions';
import * as m0010 from './0010_notifications';
import * as m0011 from './0011_agent_choice';
import * as m0012 from './0012_cards';
import * as m0013 from './0013_servicing';
import * as m0014 from './0014_card_charges';
import * as m0015 from './0015_origination_providers';
import * as m0017 from './0017_staff';
import * as m0018 from './0018_around';
import * as m0019 from './0019_one_flag_source';
import * as m0020 from './0020_utm_source';
import * as m0021 from './0021_cached_views';
import * as m0022 from './0022_staff_management';
import * as m0024 from './0024_site_handoff';
import * as m0025 from './0025_security';
import * as m0027 from './0027_data_rights';
import * as m0028 from './0028_sepa';
import * as m0029 from './0029_mail';
import * as m0030 from './0030_redsys';
import * as m0031 from './0031_review_contacts';
import * as m0032 from './0032_forbearance';
import * as m0033 from './0033_ledger_by_loan';

/** Ordered by name; never edit a migration that has shipped, add a new one. */
export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_identity': m0002,
  '0003_pricing': m0003,
  '0004_registration': m0004,
  '0005_loans': m0005,
  '0006_rate_limits': m0006,
  '0007_origination': m0007,
  '0008_evidence': m0008,
  '0009_view_versions': m0009,
  '0010_notifications': m0010,
  '0011_agent_choice': m0011,
  '0012_cards': m0012,
  '0013_servicing': m0013,
  '0014_card_charges': m0014,
  '0015_origination_providers': m0015,
  '0017_staff': m0017,
  '0018_around': m0018,
  '0019_one_flag_source': m0019,
  '0020_utm_source': m0020,
  '0021_cached_views': m0021,
  '0022_staff_management': m0022,
  '0024_site_handoff': m0024,
  '0025_security': m0025,
  '0027_data_rights': m0027,
  '0028_sepa': m0028,
  '0029_mail': m0029,
  '0030_redsys': m0030,
  '0031_review_contacts': m0031,
  '0032_forbearance': m0032,
  '0033_ledger_by_loan': m0033,
};
