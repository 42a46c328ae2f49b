import { readFileSync } from 'node:fs';
import { extract, outputs, readPo } from './wordpress-translations';

describe("the WordPress plugin's es_ES translations", () => {
  test('every string of the PHP, the block and block.json has a Spanish translation', () => {
    const { missing } = outputs();
    expect(missing).toEqual([]);
  });

  test('the .mo, .l10n.php and block JSON are written from the .po as it is (npm run i18n:wordpress)', () => {
    for (const [file, content] of Object.entries(outputs().files)) {
      expect(readFileSync(file).equals(Buffer.isBuffer(content) ? content : Buffer.from(content))).toBe(true);
    }
  });

  test('the extractor finds the kinds of strings the plugin writes', () => {
    const found = extract();
    expect(found.get('Save changes')?.where.has('php')).toBe(true);
    expect(found.get('Starting amount (€)')?.where.has('js')).toBe(true);
    expect(found.get('%d day')?.plural).toBe('%d days');
    expect(found.get('block title\u0004Credimo')).toBeDefined();
  });

  test('a placeholder kept in the English text is kept in its translation', () => {
    const po = readPo(readFileSync('wordpress-plugin/languages/credimo-es_ES.po', 'utf8'));
    const placeholders = (text: string) => [...new Set(text.match(/%(\d\$)?[sd]/g) ?? [])].sort();
    for (const entry of po.values()) {
      for (const translated of entry.strings) {
        expect([entry.id, placeholders(translated)]).toEqual([entry.id, placeholders(entry.plural ?? entry.id)]);
      }
    }
  });
});
