import type { ScreenTable } from '@credimo/shared';
import { ApplicationScreen } from './application/ApplicationScreen';
import { afterApproval } from './application/ApprovalNote';
import { AwaitingScreen } from './application/AwaitingScreen';
import { AuthConfirmScreen } from './auth/AuthConfirmScreen';
import { AuthScreen } from './auth/AuthScreen';
import { AuthFallbackScreen, BlockedScreen, ForbiddenScreen, RedirectScreen } from './auth/InfoScreens';
import { PhoneConfirmationScreen } from './auth/PhoneConfirmationScreen';
import { AccountAuthScreen, AuthHandoffScreen, AuthSessionScreen } from './auth/SessionEntryScreens';
import { PhotoVerificationScreen } from './documents/PhotoVerificationScreen';
import { ApproveNewConditionsScreen } from './origination/ApproveNewConditionsScreen';
import { AutoDebitScreen } from './origination/AutoDebitScreen';
import { AggregationReturnScreen, BankDataPreviewScreen, BankDataScreen } from './origination/BankVerificationScreens';
import { IssueMethodScreen } from './origination/IssueMethodScreen';
import { SignScreen } from './origination/SignScreen';
import { AdditionalInformationScreen } from './profile/AdditionalInformationScreen';
import { DynamicScreen } from './profile/DynamicScreen';
import { PersonalDataScreen } from './profile/PersonalDataScreen';
import { RegistrationWidget } from './widget/RegistrationWidget';

/**
 * Screens this remote owns, by the route names of @credimo/shared's route table. The steps an approval leads to
 * announce it.
 */
export const SCREENS: ScreenTable = {
  auth: AuthScreen,
  authConfirm: AuthConfirmScreen,
  authSession: AuthSessionScreen,
  authHandoff: AuthHandoffScreen,
  authFallback: AuthFallbackScreen,
  forbidden: ForbiddenScreen,
  accountAuth: AccountAuthScreen,
  redirect: RedirectScreen,
  registrationConfirmation: PhoneConfirmationScreen,
  registrationPersonalData: PersonalDataScreen,
  registrationAdditionalInformation: AdditionalInformationScreen,
  registrationDynamic: DynamicScreen,
  registrationPhotoVerification: afterApproval(PhotoVerificationScreen),
  registrationPhotoVerificationRepeat: PhotoVerificationScreen,
  registrationApplication: ApplicationScreen,
  registrationSelectAccount: afterApproval(IssueMethodScreen),
  applicationRequestAdditionalPhotos: afterApproval(PhotoVerificationScreen),
  applicationBankDataPreview: afterApproval(BankDataPreviewScreen),
  applicationBankData: BankDataScreen,
  applicationApproveNewConditions: afterApproval(ApproveNewConditionsScreen),
  applicationIssueMethod: afterApproval(IssueMethodScreen),
  applicationSign: afterApproval(SignScreen),
  applicationAutoDebitConfirmation: AutoDebitScreen,
  applicationAwaitingBankDataImporting: AwaitingScreen,
  applicationAwaitingNewLoan: AwaitingScreen,
  applicationAwaitingRequestLoan: AwaitingScreen,
  applicationAwaitingVerificationLoan: AwaitingScreen,
  unnaxAggregation: AggregationReturnScreen,
  blocked: BlockedScreen,
  // The inline registration a WordPress page mounts ([credimo widget="registration"]); no app route.
  registrationWidget: RegistrationWidget as ScreenTable[string],
};
