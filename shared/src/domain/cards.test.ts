import {
  autoDebitCardOnFile,
  cardHolderMatches,
  cardRequestGroup,
  cardValidLongEnough,
  hasAutoDebitCard,
  isLuhnValid,
  maskPan,
  savedCardsExpiringSoon,
} from './cards';

describe('payment cards: valid more than 3 months, personal, and the status groups of a card request', () => {
  test('card numbers pass only with a right Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('42')).toBe(false);
  });

  test('a doubled digit over 9 counts as its digits summed (Mastercard test number)', () => {
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('5555555555554443')).toBe(false);
  });

  test('a card number has 12 to 19 digits and nothing else', () => {
    expect(isLuhnValid('0000424242424242')).toBe(true);
    expect(isLuhnValid('00004242424242424242')).toBe(false); // the same checksum with 20 digits
    expect(isLuhnValid('x4242424242424242')).toBe(false);
    expect(isLuhnValid('4242424242424242x')).toBe(false);
  });

  test('a card must stay valid more than 3 months', () => {
    const today = new Date(2026, 10, 23);
    expect(cardValidLongEnough(1, 2027, today)).toBe(false); // works until 31 January: 2 months and a week
    expect(cardValidLongEnough(2, 2027, today)).toBe(true); // until 28 February: 3 months and 5 days
    expect(cardValidLongEnough(12, 2030, today)).toBe(true);
    expect(cardValidLongEnough(13, 2030, today)).toBe(false);
  });

  test('an expiry month is a whole month from 1 to 12', () => {
    const today = new Date(2026, 10, 23);
    expect(cardValidLongEnough(1, 2030, today)).toBe(true);
    expect(cardValidLongEnough(0, 2031, today)).toBe(false);
    expect(cardValidLongEnough(1.5, 2030, today)).toBe(false);
    expect(cardValidLongEnough(-1, 2031, today)).toBe(false);
  });

  test('a card that stops working exactly 3 months from now is not enough: it must work longer', () => {
    const lastMoment = new Date(2026, 10, 30, 23, 59, 59, 999);
    expect(cardValidLongEnough(2, 2027, lastMoment)).toBe(false); // works until 28/02/2027 23:59:59.999
    expect(cardValidLongEnough(3, 2027, lastMoment)).toBe(true);
  });

  test('auto-debit needs a saved card that stays valid long enough; otherwise the customer is asked for another', () => {
    const today = new Date(2026, 10, 23);
    const good = { expiry_month: 12, expiry_year: 2030 };
    const soon = { expiry_month: 1, expiry_year: 2027 };
    const older = { expiry_month: null, expiry_year: null }; // an answer from before expiry was kept
    expect(hasAutoDebitCard([soon, good], today)).toBe(true);
    expect(hasAutoDebitCard([soon, older], today)).toBe(false);
    expect(hasAutoDebitCard(null, today)).toBe(false);
    expect(autoDebitCardOnFile({ payment_cards: [good] }, today)).toBe(true);
    expect(autoDebitCardOnFile(null, today)).toBe(false);
    expect(savedCardsExpiringSoon([soon, older], today)).toBe(true);
    expect(savedCardsExpiringSoon([soon, good], today)).toBe(false);
    expect(savedCardsExpiringSoon([], today)).toBe(false);
    expect(savedCardsExpiringSoon(null, today)).toBe(false);
  });

  test('the card must be personal: first name and first surname, accents and case aside', () => {
    const ana = { first_name: 'Ana', first_surname: 'García' };
    expect(cardHolderMatches('ANA GARCIA', ana)).toBe(true);
    expect(cardHolderMatches('ana garcía lópez', ana)).toBe(true);
    expect(cardHolderMatches('PEDRO GARCIA', ana)).toBe(false);
    expect(cardHolderMatches('ANA', ana)).toBe(false);
  });

  test('the names match word by word: NADIA GARCIA is not Ana García', () => {
    expect(cardHolderMatches('NADIA GARCIA', { first_name: 'Ana', first_surname: 'García' })).toBe(false);
  });

  test('hyphens, dots and double spaces on the card separate words', () => {
    const anaMaria = { first_name: 'Ana María', first_surname: 'García' };
    expect(cardHolderMatches('ANA-MARIA  GARCIA', anaMaria)).toBe(true);
    expect(cardHolderMatches('GARCIA, ANA.MARIA', anaMaria)).toBe(true);
  });

  test('a customer without a name matches no card, whatever is written on it', () => {
    expect(cardHolderMatches(' ANA GARCIA ', { first_name: '', first_surname: ' ' })).toBe(false);
    expect(cardHolderMatches('', { first_name: '', first_surname: '' })).toBe(false);
  });

  test('request statuses fall in completed, processing and error', () => {
    expect(['Completed', 'PartiallyRefunded', 'Refunded'].map(cardRequestGroup)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(['New', 'PendingConfirmation'].map(cardRequestGroup)).toEqual(['processing', 'processing']);
    expect(['Error', 'Fraud'].map(cardRequestGroup)).toEqual(['error', 'error']);
    expect(cardRequestGroup('Other')).toBeNull();
  });

  test('only the first six and last four digits are kept', () => {
    expect(maskPan('4242424242424242')).toBe('424242******4242');
  });
});
