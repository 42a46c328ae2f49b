/**
 * The WordPress plugin's translations: its strings are written in English in the code (PHP `__()`, `_n()`,
 * `esc_html__()`…, the block's `wp.i18n.__()`, block.json's title, description and keywords) and translated in
 * `wordpress-plugin/languages/credimo-es_ES.po`. This writes, from that .po, what WordPress loads: the .mo and the
 * .l10n.php (WordPress 6.5 reads the PHP file first) for PHP, and the JSON for the block's script
 * (`wp_set_script_translations`). `npm run i18n:wordpress`; `--check` fails when a string has no translation or a
 * written file is stale (scripts/wordpress-translations.test.ts runs it).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const plugin = path.resolve(__dirname, '../wordpress-plugin');
const languages = path.join(plugin, 'languages');
const LOCALE = 'es_ES';
const PO = path.join(languages, `credimo-${LOCALE}.po`);
/** The block's script, as WordPress names its translations: md5 of its path inside the plugin. */
const BLOCK_SCRIPT = 'block/index.js';
const PLURAL_FORMS = 'nplurals=2; plural=(n != 1);';

export interface Message {
  context?: string;
  id: string;
  plural?: string;
  /** Where it is used: 'php' (PHP and block.json, loaded by load_plugin_textdomain) or 'js' (the block's script). */
  where: Set<'php' | 'js'>;
}

const key = (context: string | undefined, id: string) => (context ? `${context}\u0004${id}` : id);

/** A PHP or JS string literal's value (single or double quotes; the escapes the plugin uses). */
function unquote(literal: string | undefined): string {
  if (literal === undefined) return '';
  const body = literal.slice(1, -1);
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, sequence: string) =>
    sequence.length === 5
      ? String.fromCharCode(Number.parseInt(sequence.slice(1), 16))
      : sequence === 'n'
        ? '\n'
        : sequence,
  );
}

const STRING = `('(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*")`;
const SINGLE = new RegExp(
  `\\b(?:__|esc_html__|esc_attr__|_e|esc_html_e|esc_attr_e)\\(\\s*${STRING}\\s*,\\s*'credimo'`,
  'g',
);
const PLURAL = new RegExp(`\\b_n\\(\\s*${STRING}\\s*,\\s*${STRING}\\s*,[^;]*?'credimo'`, 'g');
const JS_SINGLE = new RegExp(`\\b__\\(\\s*${STRING}\\s*,\\s*'credimo'`, 'g');

function files(dir: string, extension: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'languages' ? [] : files(file, extension);
    return file.endsWith(extension) ? [file] : [];
  });
}

/** Every translatable string of the plugin. */
export function extract(): Map<string, Message> {
  const found = new Map<string, Message>();
  const add = (where: 'php' | 'js', id: string, plural?: string, context?: string) => {
    const existing = found.get(key(context, id));
    if (existing) existing.where.add(where);
    else found.set(key(context, id), { id, plural, context, where: new Set([where]) });
  };
  for (const file of files(plugin, '.php')) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(SINGLE)) add('php', unquote(match[1]));
    for (const match of source.matchAll(PLURAL)) add('php', unquote(match[1]), unquote(match[2]));
  }
  const script = readFileSync(path.join(plugin, BLOCK_SCRIPT), 'utf8');
  for (const match of script.matchAll(JS_SINGLE)) add('js', unquote(match[1]));
  const block = JSON.parse(readFileSync(path.join(plugin, 'block/block.json'), 'utf8'));
  add('php', block.title, undefined, 'block title');
  add('php', block.description, undefined, 'block description');
  for (const keyword of block.keywords ?? []) add('php', keyword, undefined, 'block keyword');
  // The plugin's header, which the Plugins list translates with the plugin's text domain.
  const header = readFileSync(path.join(plugin, 'credimo.php'), 'utf8');
  add('php', /Description: (.*)/.exec(header)?.[1] ?? '');
  return found;
}

export interface Translation {
  context?: string;
  id: string;
  plural?: string;
  strings: string[];
}

/** The .po's entries (the subset of the format this file uses: one line per string, optional msgctxt). */
export function readPo(text: string): Map<string, Translation> {
  const entries = new Map<string, Translation>();
  for (const block of text.split(/\n\s*\n/)) {
    const field = (name: string) => {
      const match = new RegExp(`^${name} (".*")$`, 'm').exec(block);
      return match?.[1] ? (JSON.parse(match[1]) as string) : undefined;
    };
    const id = field('msgid');
    if (!id) continue;
    const plural = field('msgid_plural');
    const strings = plural ? [field('msgstr\\[0\\]') ?? '', field('msgstr\\[1\\]') ?? ''] : [field('msgstr') ?? ''];
    const context = field('msgctxt');
    entries.set(key(context, id), { context, id, plural, strings });
  }
  return entries;
}

/** A GNU .mo file (little-endian, no hash table). */
export function mo(entries: Translation[], header: string): Buffer {
  const all = [
    { original: '', translated: header },
    ...entries.map((entry) => ({
      original:
        (entry.context ? `${entry.context}\u0004` : '') + entry.id + (entry.plural ? `\u0000${entry.plural}` : ''),
      translated: entry.strings.join('\u0000'),
    })),
  ].sort((a, b) => Buffer.from(a.original).compare(Buffer.from(b.original)));
  const count = all.length;
  const originals = all.map((entry) => Buffer.from(entry.original, 'utf8'));
  const translations = all.map((entry) => Buffer.from(entry.translated, 'utf8'));
  const headerSize = 28;
  let offset = headerSize + count * 16;
  const table = Buffer.alloc(count * 16);
  const strings: Buffer[] = [];
  originals.forEach((buffer, index) => {
    table.writeUInt32LE(buffer.length, index * 8);
    table.writeUInt32LE(offset, index * 8 + 4);
    strings.push(buffer, Buffer.from([0]));
    offset += buffer.length + 1;
  });
  translations.forEach((buffer, index) => {
    table.writeUInt32LE(buffer.length, count * 8 + index * 8);
    table.writeUInt32LE(offset, count * 8 + index * 8 + 4);
    strings.push(buffer, Buffer.from([0]));
    offset += buffer.length + 1;
  });
  const head = Buffer.alloc(headerSize);
  head.writeUInt32LE(0x950412de, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(count, 8);
  head.writeUInt32LE(headerSize, 12);
  head.writeUInt32LE(headerSize + count * 8, 16);
  head.writeUInt32LE(0, 20);
  head.writeUInt32LE(headerSize + count * 16, 24);
  return Buffer.concat([head, table, ...strings]);
}

const phpString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** WordPress 6.5's PHP translation file: a returned array, read without parsing the .mo. */
export function l10nPhp(entries: Translation[]): string {
  const messages = entries
    .map((entry) => {
      const original = (entry.context ? `${entry.context}\u0004` : '') + entry.id;
      return `${phpString(original)}=>${phpString(entry.strings.join('\u0000'))}`;
    })
    .join(',');
  return `<?php\nreturn ['domain'=>'credimo','plural-forms'=>${phpString(PLURAL_FORMS)},'language'=>'${LOCALE}','messages'=>[${messages}]];\n`;
}

/** The JED JSON that wp_set_script_translations loads for the block's script. */
export function scriptJson(entries: Translation[]): string {
  const messages: Record<string, unknown> = {
    '': { domain: 'messages', lang: LOCALE, 'plural-forms': PLURAL_FORMS },
  };
  for (const entry of entries) messages[key(entry.context, entry.id)] = entry.strings;
  return `${JSON.stringify({ domain: 'messages', locale_data: { messages } })}\n`;
}

export function outputs(): { files: Record<string, string | Buffer>; missing: string[] } {
  const wanted = extract();
  const po = readPo(readFileSync(PO, 'utf8'));
  const missing = [...wanted.entries()]
    .filter(([id]) => !po.get(id)?.strings.every((s) => s !== ''))
    .map(([, message]) => message.id);
  const translated = (where: 'php' | 'js') =>
    [...wanted.entries()]
      .filter(([, message]) => message.where.has(where))
      .flatMap(([id]) => {
        const entry = po.get(id);
        return entry ? [entry] : [];
      });
  const header = `Content-Type: text/plain; charset=UTF-8\nLanguage: ${LOCALE}\nPlural-Forms: ${PLURAL_FORMS}\n`;
  const hash = createHash('md5').update(BLOCK_SCRIPT).digest('hex');
  return {
    missing,
    files: {
      [path.join(languages, `credimo-${LOCALE}.mo`)]: mo(translated('php'), header),
      [path.join(languages, `credimo-${LOCALE}.l10n.php`)]: l10nPhp(translated('php')),
      [path.join(languages, `credimo-${LOCALE}-${hash}.json`)]: scriptJson(translated('js')),
    },
  };
}

if (require.main === module) {
  const { files: written, missing } = outputs();
  if (missing.length > 0) {
    console.error(`No ${LOCALE} translation in ${path.relative(process.cwd(), PO)} for:\n${missing.join('\n')}`);
    process.exit(1);
  }
  for (const [file, content] of Object.entries(written)) writeFileSync(file, content);
  console.log(`wrote ${Object.keys(written).length} translation files`);
}
