import { cardHolderMatches, cardRequestGroup, cardValidLongEnough, isLuhnValid, maskPan } from './cards';

describe('payment cards (SPEC sections 5 and 9)', () => {
  test('card numbers pass only with a right Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('42')).toBe(false);
  });

  test('a card must stay valid more than 3 months', () => {
    const today = new Date(2026, 10, 23);
    expect(cardValidLongEnough(1, 2027, today)).toBe(false); // works until 31 January: 2 months and a week
    expect(cardValidLongEnough(2, 2027, today)).toBe(true); // until 28 February: 3 months and 5 days
    expect(cardValidLongEnough(12, 2030, today)).toBe(true);
    expect(cardValidLongEnough(13, 2030, today)).toBe(false);
  });

  test('the card must be personal: first name and first surname, accents and case aside', () => {
    const ana = { first_name: 'Ana', first_surname: 'García' };
    expect(cardHolderMatches('ANA GARCIA', ana)).toBe(true);
    expect(cardHolderMatches('ana garcía lópez', ana)).toBe(true);
    expect(cardHolderMatches('PEDRO GARCIA', ana)).toBe(false);
    expect(cardHolderMatches('ANA', ana)).toBe(false);
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
