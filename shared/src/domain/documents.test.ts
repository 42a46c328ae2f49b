import {
  filesLeftAfter,
  filesToAsk,
  loanFilesOutstanding,
  requiredDocuments,
  requiredFilesOutstanding,
} from './documents';
import { LoanStatus } from './loan-status';

describe('required documents: the ones the loan lists, else those not yet uploaded', () => {
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

describe('the files a loan asks for, tracked until uploaded', () => {
  test('a decision that may lend asks for the identity photos and selfie not uploaded yet', () => {
    expect(filesToAsk({ documents: [], manualReview: false })).toEqual([
      'id_card',
      'id_card_back',
      'selfie_with_id_card',
    ]);
    expect(filesToAsk({ documents: ['id_card', 'id_card_back'], manualReview: false })).toEqual([
      'selfie_with_id_card',
    ]);
    // A passed liveness check is the selfie; a skipped photo was put off, not sent: it is asked by name.
    expect(
      filesToAsk({ documents: ['skip_id_card', 'id_card_back'], livenessStatus: 'success', manualReview: false }),
    ).toEqual(['id_card']);
    expect(filesToAsk({ documents: ['liveness_selfie', 'id_card', 'id_card_back'], manualReview: false })).toEqual([]);
  });

  test('manual verification also asks for an income statement, even if one was sent for an earlier loan', () => {
    expect(
      filesToAsk({
        documents: ['id_card', 'id_card_back', 'selfie_with_id_card', 'income_statement'],
        manualReview: true,
      }),
    ).toEqual(['income_statement']);
  });

  test('an upload takes its type off the loan’s list (a liveness requirement by the selfie too)', () => {
    expect(filesLeftAfter(['id_card', 'income_statement'], 'income_statement')).toEqual(['id_card']);
    expect(filesLeftAfter(['liveness_selfie', 'id_card'], 'selfie_with_id_card')).toEqual(['id_card']);
    expect(filesLeftAfter(['id_card'], 'id_card_back')).toEqual(['id_card']);
  });

  test('rule 8 counts the outstanding files only while the loan collects them', () => {
    const asked = ['id_card', 'liveness_selfie'];
    expect(requiredFilesOutstanding({ status: LoanStatus.AwaitingSignContract, required_files: asked })).toBe(2);
    expect(
      requiredFilesOutstanding({ status: LoanStatus.AwaitingVerification, required_files: asked }, 'success'),
    ).toBe(1);
    expect(requiredFilesOutstanding({ status: LoanStatus.Request, required_files: ['passport'] })).toBe(0);
    for (const status of [LoanStatus.Denied, LoanStatus.Timeout, LoanStatus.Active, LoanStatus.Processing])
      expect(requiredFilesOutstanding({ status, required_files: asked })).toBe(0);
    expect(loanFilesOutstanding(null)).toEqual([]);
  });
});
