import { requiredDocuments } from './documents';

describe('required documents (SPEC section 4)', () => {
  test('without required files on the loan, those not yet uploaded are asked: front, back, selfie', () => {
    expect(requiredDocuments({ requiredFiles: [], documents: [] })).toEqual([
      'id_card',
      'id_card_back',
      'selfie_with_id_card',
    ]);
    expect(requiredDocuments({ requiredFiles: null, documents: ['id_card'] })).toEqual([
      'id_card_back',
      'selfie_with_id_card',
    ]);
    expect(
      requiredDocuments({ requiredFiles: undefined, documents: ['id_card', 'id_card_back', 'selfie_with_id_card'] }),
    ).toEqual([]);
  });

  test('a skipped document (skip_ plus type) is not asked again', () => {
    expect(requiredDocuments({ requiredFiles: [], documents: ['skip_id_card_back'] })).toEqual([
      'id_card',
      'selfie_with_id_card',
    ]);
  });

  test('a passed liveness check counts for the selfie', () => {
    expect(requiredDocuments({ requiredFiles: [], documents: ['id_card'], livenessStatus: 'success' })).toEqual([
      'id_card_back',
    ]);
    expect(requiredDocuments({ requiredFiles: [], documents: ['id_card'], livenessStatus: 'failed' })).toEqual([
      'id_card_back',
      'selfie_with_id_card',
    ]);
  });

  test('if the loan lists required files, only those are asked, even when uploaded before', () => {
    expect(
      requiredDocuments({
        requiredFiles: ['id_card_back'],
        documents: ['id_card', 'id_card_back', 'selfie_with_id_card'],
      }),
    ).toEqual(['id_card_back']);
    expect(requiredDocuments({ requiredFiles: ['income_statement'], documents: [] })).toEqual(['income_statement']);
  });

  test('a liveness requirement on the loan counts for the selfie', () => {
    expect(requiredDocuments({ requiredFiles: ['liveness_selfie', 'selfie_with_id_card'], documents: [] })).toEqual([
      'selfie_with_id_card',
    ]);
    expect(
      requiredDocuments({ requiredFiles: ['liveness_selfie', 'id_card'], documents: [], livenessStatus: 'success' }),
    ).toEqual(['id_card']);
  });

  test('unknown names on the loan are ignored rather than asked for', () => {
    expect(requiredDocuments({ requiredFiles: ['passport'], documents: [] })).toEqual([
      'id_card',
      'id_card_back',
      'selfie_with_id_card',
    ]);
  });
});
