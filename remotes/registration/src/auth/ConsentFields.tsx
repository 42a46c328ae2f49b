import { Checkbox, type LegalDocument, legalDocumentUrl, siteContentAtom, visuallyHidden } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import type { FormikProps } from 'formik';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import styles from './auth.module.css';

/** The consents, in the order shown; receiveInformation (marketing) is optional, never pre-ticked. */
export const CONSENTS = ['privacyProtectionPolicy', 'agreementTerms', 'receiveInformation'] as const;
export type ConsentName = (typeof CONSENTS)[number];
const CONSENT_LABELS: Record<ConsentName, { sentence: string; document?: { words: string; kind: LegalDocument } }> = {
  privacyProtectionPolicy: { sentence: texts.privacy, document: { words: texts.privacyDocument, kind: 'privacy' } },
  agreementTerms: { sentence: texts.terms, document: { words: texts.termsDocument, kind: 'terms' } },
  receiveInformation: { sentence: texts.marketing },
};

/**
 * A consent's sentence with the words naming its document as a link to it: nobody accepts a document they
 * cannot read. It opens in a new tab so the form keeps what was typed.
 */
function ConsentLabel({ name, href }: { name: ConsentName; href: string | null }): ReactNode {
  const { sentence, document } = CONSENT_LABELS[name];
  const at = document ? sentence.indexOf(document.words) : -1;
  if (!document || !href || at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <a href={href} target="_blank" rel="noopener noreferrer">
        {document.words}
        <span className={visuallyHidden}> {texts.opensInNewTab}</span>
      </a>
      {sentence.slice(at + document.words.length)}
    </>
  );
}

/** The three consents with "select all" (it toggles all three). */
export function ConsentFields<V extends Record<ConsentName, boolean>>({
  form,
  errorOf,
}: {
  form: FormikProps<V>;
  errorOf: (name: ConsentName) => string | undefined;
}) {
  const content = useAtomValue(siteContentAtom);
  const allChecked = CONSENTS.every((name) => form.values[name]);
  return (
    <fieldset className={styles.consents}>
      <legend className={visuallyHidden}>Consentimientos</legend>
      <Checkbox
        label={texts.selectAll}
        checked={allChecked}
        onChange={(event) => {
          for (const name of CONSENTS) void form.setFieldValue(name, event.target.checked, false);
        }}
      />
      {CONSENTS.map((name) => {
        const kind = CONSENT_LABELS[name].document?.kind;
        return (
          <Checkbox
            key={name}
            label={<ConsentLabel name={name} href={kind ? legalDocumentUrl(content, kind) : null} />}
            name={name}
            checked={form.values[name]}
            onChange={form.handleChange}
            error={errorOf(name)}
          />
        );
      })}
    </fieldset>
  );
}
