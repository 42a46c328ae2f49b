import { placeholderScreen, type ScreenTable } from '@credimo/shared';
import { ApplicationScreen } from './application/ApplicationScreen';
import { AwaitingScreen } from './application/AwaitingScreen';
import { AuthConfirmScreen } from './auth/AuthConfirmScreen';
import { AuthScreen } from './auth/AuthScreen';
import { AuthFallbackScreen, BlockedScreen, ForbiddenScreen, RedirectScreen } from './auth/InfoScreens';
import { AccountAuthScreen, AuthSessionScreen } from './auth/SessionEntryScreens';
import { AdditionalInformationScreen } from './profile/AdditionalInformationScreen';
import { DynamicScreen } from './profile/DynamicScreen';
import { PersonalDataScreen } from './profile/PersonalDataScreen';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  auth: AuthScreen,
  authConfirm: AuthConfirmScreen,
  authSession: AuthSessionScreen,
  authFallback: AuthFallbackScreen,
  forbidden: ForbiddenScreen,
  accountAuth: AccountAuthScreen,
  redirect: RedirectScreen,
  registrationConfirmation: placeholderScreen('Confirma tu teléfono'),
  registrationPersonalData: PersonalDataScreen,
  registrationAdditionalInformation: AdditionalInformationScreen,
  registrationDynamic: DynamicScreen,
  registrationPhotoVerification: placeholderScreen('Verificación de identidad'),
  registrationPhotoVerificationRepeat: placeholderScreen('Repite la verificación de identidad'),
  registrationApplication: ApplicationScreen,
  registrationSelectAccount: placeholderScreen('Ir a la firma'),
  applicationRequestAdditionalPhotos: placeholderScreen('Necesitamos más fotos'),
  applicationBankDataPreview: placeholderScreen('Verificación bancaria'),
  applicationBankData: placeholderScreen('Conecta tu banco'),
  applicationApproveNewConditions: placeholderScreen('Nuevas condiciones'),
  applicationIssueMethod: placeholderScreen('Cómo quieres recibir el dinero'),
  applicationSign: placeholderScreen('Firma tu contrato'),
  applicationAutoDebitConfirmation: placeholderScreen('Débito automático'),
  applicationAwaitingBankDataImporting: AwaitingScreen,
  applicationAwaitingNewLoan: AwaitingScreen,
  applicationAwaitingRequestLoan: AwaitingScreen,
  applicationAwaitingVerificationLoan: AwaitingScreen,
  unnaxAggregation: placeholderScreen('Volviendo de tu banco'),
  blocked: BlockedScreen,
};
