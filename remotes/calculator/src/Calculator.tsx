// Subpaths, not the root entry: the first answer needs no API client (it loads when a promo code is checked).

import { offerUrl } from '@credimo/shared/api/address';
import { PATHS } from '@credimo/shared/app-paths';
import type { AgentDataResponse, CompactPrices, PricesResponse, SettingsResponse } from '@credimo/shared/contract';
import { type CalculatorChoice, defaultChoice, isOpenLoanStatus, snapTo } from '@credimo/shared/domain';
import type { ScreenProps } from '@credimo/shared/federation';
import { formatMoney, parseEuros } from '@credimo/shared/format';
import { fill } from '@credimo/shared/i18n/fill';
import { calculator as texts } from '@credimo/shared/i18n/screens/calculator';
import {
  choiceQuery,
  loadPrices,
  pricesKey,
  priceTablesAtom,
  readChoice,
  seedPrices,
  storeChoice,
} from '@credimo/shared/price-tables';
import { accessTokenAtom, agentDataAtom, type LoanChoice, userAtom } from '@credimo/shared/session';
import { Alert, Button, TextField } from '@credimo/shared/ui';
import { useAtomValue } from 'jotai';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import styles from './calculator.module.css';
import { amountFieldText, figuresOf } from './figures';
import { checkedPromocode, rememberPromocode, requestedChoice, startingPromocode } from './initial';

export interface CalculatorProps extends Partial<ScreenProps> {
  productId?: number;
  /** Initial amount in euros and term in days (shortcode attributes). */
  amount?: number | string;
  term?: number | string;
  promocode?: string;
  /**
   * The customer app's public address when the calculator is not in it (the WordPress loader passes its config's
   * `appUrl`): "Solicitar" then opens the app's sign-in there. The mount's `navigate` follows full addresses.
   */
  applyUrl?: string;
  /** The price table a WordPress page painted the calculator's first state from: the first render uses it. */
  seed?: { prices: CompactPrices; settings: SettingsResponse | null };
  /** The id of that painted calculator, whose sliders the visitor may have moved before the widget arrived. */
  paint?: string;
}

/**
 * Where the visitor left a painted calculator's sliders (WordPress paints them as working range inputs), in the
 * shortcode's units; nothing when they were not moved. Read before the first render replaces them.
 */
export function movedOnPage(paint: string | undefined): { amount?: number; term?: number } {
  if (!paint || typeof document === 'undefined') return {};
  const sliders = ['amount', 'term'].flatMap((name) => {
    const input = document.getElementById(`${paint}-${name}`);
    return input instanceof HTMLInputElement ? [input] : [];
  });
  if (!sliders.some((input) => input.value !== input.defaultValue)) return {};
  return Object.fromEntries(
    sliders.map((input) => [
      input.name,
      (JSON.parse(input.dataset.credimoSteps ?? '[]') as number[])[Number(input.value)],
    ]),
  );
}

/** Where "Solicitar" leads from another origin: the app's sign-in, carrying the choice (storage is per origin). */
export const applyAddress = (appUrl: string, choice: LoanChoice, promocode: string | null) =>
  `${appUrl.replace(/\/$/, '')}${PATHS.auth}?${choiceQuery(choice, promocode)}`;

/**
 * What the first answer does not need loads when first used: the message catalogue (a wrong amount, an empty
 * code) and the API client with its error wording (a promo code checked).
 */
const catalogue = () => import('@credimo/shared/i18n').then((module) => module.messages);
const apiClient = () => import('@credimo/shared/api');

const euros = (cents: number) => formatMoney(cents).replace(',00', '');

/** The loan calculator: sliders that snap, a price table fetched once, and the way into registration. */
export function Calculator(props: CalculatorProps) {
  const productId = props.productId ?? 1;
  const [discount, setDiscount] = useState<string | null>(null);
  // The customer's own choice outlives the chooser: a promo code reloads the price table (the chooser unmounts
  // while it loads), and the discounted table must open on the amount and term the customer had chosen.
  const [picked, setPicked] = useState<CalculatorChoice | null>(null);
  const key = pricesKey(productId, discount);
  // Before the table is read from the store: the painted figures and the first render's are one table's.
  useState(() => props.seed && seedPrices(productId, props.seed.prices, props.seed.settings));
  const tables = useAtomValue(priceTablesAtom);
  const state = tables[key];

  const user = useAtomValue(userAtom);
  const loan = user?.loan ?? null;
  const byAgent = user?.is_registered_by_agent === true;
  const agentData = useAtomValue(agentDataAtom);

  useEffect(() => {
    void loadPrices(productId, discount);
  }, [productId, discount]);

  useEffect(() => {
    // Only for a signed-in customer, whose app has the whole shared package loaded already.
    if (byAgent) void import('@credimo/shared').then((shared) => shared.loadAgentData());
  }, [byAgent]);

  // The shortcode's promo code, or the one kept 7 days, is checked once and applied when valid.
  const startingCode = startingPromocode(props.promocode);
  const [checkingCode, setCheckingCode] = useState(startingCode !== null);
  useEffect(() => {
    if (!startingCode) return;
    let live = true;
    void checkedPromocode(startingCode).then((code) => {
      if (!live) return;
      if (code) setDiscount(code);
      setCheckingCode(false);
    });
    return () => {
      live = false;
    };
  }, [startingCode]);

  const chooseDiscount = (code: string | null) => {
    rememberPromocode(code);
    setDiscount(code);
  };

  // The account shows the calculator only when there is no loan. On a site's page (applyUrl) it
  // keeps its box and says why: another widget there ("my loan") may sign the customer in after it painted.
  if (loan && isOpenLoanStatus(loan.status))
    return props.applyUrl ? (
      <section className={styles.calculator} data-screen="calculator">
        <h2 className={styles.title}>{texts.title}</h2>
        <p role="status">{texts.openLoan}</p>
      </section>
    ) : null;

  // While a promo code is checked or its table loads, the figures of the table without it stay, dimmed: the box
  // keeps its size and the visitor is not shown a price that is about to change as if it were final.
  const undiscounted = discount === null ? undefined : tables[pricesKey(productId, null)];
  const shown = (!state || state.status === 'loading') && undiscounted?.status === 'ready' ? undiscounted : state;
  const pending = checkingCode || shown !== state;

  if (!shown || shown.status === 'loading' || (byAgent && agentData === undefined)) {
    return (
      <section className={styles.calculator} aria-busy="true" data-screen="calculator">
        <h2 className={styles.title}>{texts.title}</h2>
        <p role="status">{texts.loading}</p>
      </section>
    );
  }
  if (shown.status === 'error') {
    return (
      <section className={styles.calculator} data-screen="calculator">
        <h2 className={styles.title}>{texts.title}</h2>
        <Alert tone="error">
          {texts.loadFailed} {shown.message}
        </Alert>
        <Button onClick={() => void loadPrices(productId, discount, { retry: true })}>{texts.retry}</Button>
      </section>
    );
  }
  return (
    <PriceChooser
      {...props}
      productId={productId}
      prices={shown.prices}
      settings={shown.settings}
      pending={pending}
      agentData={agentData}
      discount={discount}
      onDiscount={chooseDiscount}
      picked={picked}
      onPick={setPicked}
    />
  );
}

interface ChooserProps extends CalculatorProps {
  productId: number;
  prices: PricesResponse;
  settings: SettingsResponse | null;
  agentData: AgentDataResponse | null | undefined;
  discount: string | null;
  onDiscount: (code: string | null) => void;
  /** The amount and term the customer moved to, kept by the calculator across price tables. */
  picked: CalculatorChoice | null;
  onPick: (choice: CalculatorChoice) => void;
  /** A promo code is being checked or its table loading: the figures shown may change. */
  pending: boolean;
}

function PriceChooser({
  productId,
  prices,
  settings,
  agentData,
  discount,
  onDiscount,
  picked,
  onPick,
  pending,
  ...props
}: ChooserProps) {
  const terms = useMemo(
    () =>
      Object.keys(prices)
        .map(Number)
        .sort((a, b) => a - b),
    [prices],
  );
  const [choice, setChoice] = useState<CalculatorChoice>(() =>
    defaultChoice(
      prices,
      settings?.calculator,
      picked ?? requestedChoice(productId, { ...props, ...movedOnPage(props.paint) }, readChoice(), agentData),
    ),
  );
  useEffect(() => onPick(choice), [choice, onPick]);
  const amounts = useMemo(
    () =>
      Object.keys(prices[choice.term] ?? {})
        .map(Number)
        .sort((a, b) => a - b),
    [prices, choice.term],
  );
  const option = prices[choice.term]?.[choice.amount];
  const figures = option && figuresOf(option, choice.term);
  const [typed, setTyped] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const titleId = useId();
  const signedIn = useAtomValue(accessTokenAtom) !== null;

  const setAmountFromText = (text: string) => {
    const cents = parseEuros(text);
    setTyped(null);
    if (cents === null || cents < 100) {
      void catalogue().then((messages) => setNote(messages.incorrectData));
      return;
    }
    const snapped = snapTo(amounts, cents, 'closest');
    setNote(snapped === cents ? null : texts.adjustValues);
    setChoice((c) => ({ ...c, amount: snapped }));
  };

  const apply = () => {
    const chosen = { productId, ...choice };
    storeChoice(chosen, discount);
    // On another origin (a WordPress page, whose loader passes the app's address) the app's sign-in opens with the
    // choice in the address, since storage is per origin; the app adopts it and applies it after sign-in.
    // In the app: signed in, straight to the application step; otherwise sign-in first (the redirect rules lead on).
    const target = props.applyUrl
      ? applyAddress(props.applyUrl, chosen, discount)
      : signedIn
        ? PATHS.registrationApplication
        : PATHS.auth;
    if (props.navigate) props.navigate(target);
    else window.location.assign(target);
  };

  if (!option || !figures) return null;
  return (
    <section className={styles.calculator} data-screen="calculator" aria-labelledby={titleId}>
      <h2 className={styles.title} id={titleId}>
        {texts.title}
      </h2>
      <StepSlider
        label={texts.amount}
        steps={amounts}
        value={choice.amount}
        describe={euros}
        onChange={(amount) => {
          setChoice((c) => ({ ...c, amount }));
          setNote(null);
        }}
      />
      <TextField
        label={texts.amountInput}
        inputMode="decimal"
        value={typed ?? amountFieldText(choice.amount)}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={(event) => setAmountFromText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setAmountFromText(event.currentTarget.value);
        }}
        error={note ?? undefined}
      />
      <StepSlider
        label={texts.term}
        steps={terms}
        value={choice.term}
        describe={(n) => fill(texts.days, { n })}
        onChange={(term) => {
          const termAmounts = Object.keys(prices[term] ?? {}).map(Number);
          setChoice((c) => ({ term, amount: snapTo(termAmounts, c.amount, 'closest') }));
        }}
      />
      <dl className={styles.summary} aria-live="polite" aria-busy={pending || undefined}>
        <div>
          <dt>{texts.dueDate}</dt>
          <dd>{figures.due}</dd>
        </div>
        <div>
          <dt>{texts.commission}</dt>
          <dd>
            {figures.commission === 'free' ? (
              <>
                <span className={styles.badge}>{texts.free}</span> <s>{figures.commissionOriginal}</s>
              </>
            ) : figures.commission === 'discounted' ? (
              <>
                {figures.commissionTotal} <s>{figures.commissionOriginal}</s>
              </>
            ) : (
              figures.commissionTotal
            )}
          </dd>
        </div>
        <div>
          <dt>{texts.total}</dt>
          <dd className={styles.total}>{figures.total}</dd>
        </div>
        <div>
          <dt>{texts.tae}</dt>
          <dd>{figures.tae}</dd>
        </div>
      </dl>
      {figures.free && <p className={styles.freeNote}>{texts.freeNote}</p>}
      <PromoCode discount={discount} onDiscount={onDiscount} free={option.is_free} />
      <Button className={styles.cta} onClick={apply}>
        {texts.cta}
      </Button>
      <p className={styles.warning}>{texts.warning}</p>
      <a
        className={styles.secci}
        href={offerUrl(productId, choice.term, choice.amount, 'html', discount)}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          // A signed-in customer's SECCI is priced for them: fetched with their session, not a plain link.
          if (!signedIn) return;
          event.preventDefault();
          void apiClient().then((client) => client.openOffer(productId, choice.term, choice.amount, discount));
        }}
      >
        {texts.secci}
      </a>
    </section>
  );
}

/**
 * A slider over allowed steps (it snaps to them); the value is announced as `describe` says,
 * e.g. "300 €" or "30 días".
 */
function StepSlider(props: {
  label: string;
  steps: number[];
  value: number;
  describe: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className={styles.control}>
      <div className={styles.controlHead}>
        <label htmlFor={id}>{props.label}</label>
        <output htmlFor={id} className={styles.value}>
          {props.describe(props.value)}
        </output>
      </div>
      <input
        id={id}
        className={styles.slider}
        type="range"
        min={0}
        max={props.steps.length - 1}
        step={1}
        value={Math.max(0, props.steps.indexOf(props.value))}
        aria-valuetext={props.describe(props.value)}
        onChange={(event) => {
          const value = props.steps[Number(event.target.value)];
          if (value !== undefined) props.onChange(value);
        }}
      />
    </div>
  );
}

/** Checked before prices; an invalid code is discarded with its message. */
/** Memoised: moving a slider leaves the promo field as it is. */
const PromoCode = memo(function PromoCode({
  discount,
  onDiscount,
  free,
}: {
  discount: string | null;
  onDiscount: (c: string | null) => void;
  free: boolean;
}) {
  const [code, setCode] = useState(discount ?? '');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  if (discount) {
    return (
      <div className={styles.promoApplied}>
        <Alert tone={free ? 'warning' : 'success'}>
          {free ? texts.promoNotOnFree : fill(texts.promoApplied, { code: discount })}
        </Alert>
        <Button variant="link" onClick={() => onDiscount(null)}>
          {texts.promoRemove}
        </Button>
      </div>
    );
  }
  const submit = async () => {
    const trimmed = code.trim().toUpperCase();
    if (!trimmed) {
      setError((await catalogue()).fieldRequired);
      return;
    }
    setChecking(true);
    try {
      const { calls } = await apiClient();
      const result = await calls.checkPromocode(trimmed);
      setError(null);
      onDiscount(result.code);
    } catch (failure) {
      // The client's own chunk failing to arrive is the same to the customer as no connection.
      const problem = await apiClient().then(
        (client) => client.normaliseApiError(failure),
        async () => ({ fieldErrors: {} as Record<string, string>, message: (await catalogue()).errorNotFound }),
      );
      setError(problem.fieldErrors.promocode ?? problem.message);
      setCode('');
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className={styles.promo}>
      <TextField
        label={texts.promoLabel}
        value={code}
        maxLength={10}
        autoCapitalize="characters"
        onChange={(event) => setCode(event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
        error={error ?? undefined}
      />
      <Button variant="secondary" onClick={submit} disabled={checking}>
        {texts.promoApply}
      </Button>
    </div>
  );
});
