import { AgreementParams, endpoints, Html, OfferParams } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { isFirstLoan } from '../loans/applications';
import { AGREEMENT_TYPES, agreementHtml, offerHtml, offerPdf } from '../pricing/offer';
import { amountsOf, priceFor, priceTable, termsOf } from '../pricing/price';
import { findUsablePromo, listDiscounts, listProducts, loadProduct } from '../pricing/repository';
import { route, withDocs } from './route';

/** Documents answer HTML (or a PDF), never JSON: described by media type for OpenAPI only. */
const htmlAnswer = { description: 'The document as HTML', content: { 'text/html': { schema: { type: 'string' } } } };
const documentAnswer = {
  description: 'The document as HTML or PDF, as the path asks',
  content: {
    'text/html': { schema: { type: 'string' } },
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
};

export async function pricingRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;

  route(app, endpoints.products, async () => {
    return listProducts(db);
  });

  route(app, endpoints.prices, async (request, reply) => {
    const { rules } = await loadProduct(db, request.params.id);
    const userId = request.session?.userId ?? null;
    const promo = request.query.discount ? await findUsablePromo(db, request.query.discount, userId, 'discount') : null;
    // The same for every visitor with the same code: cacheable briefly by browsers, never by shared caches.
    reply.header('Cache-Control', userId ? 'private, no-cache' : 'public, max-age=60');
    return priceTable(rules, {
      firstLoan: await isFirstLoan(db, userId),
      commissionDiscountPercent: promo?.percent_commission ?? null,
    });
  });

  route(app, endpoints.settings, async (request) => {
    const { product } = await loadProduct(db, request.params.id);
    return {
      calculator: {
        amount_default_toggle_position: product.amount_default_toggle_position,
        term_default_toggle_position: product.term_default_toggle_position,
      },
    };
  });

  route(app, endpoints.checkPromocode, async (request) => {
    const input = request.body.promocode ?? request.body.discount;
    if (input === undefined || !input.trim()) throw ApiError.field(422, 'promocode', messages.fieldRequired);
    const promo = await findUsablePromo(db, input, request.session?.userId ?? null);
    return {
      valid: true as const,
      code: promo.code,
      percent_commission: promo.percent_commission,
      percent_extension: promo.percent_extension,
      percent_extension_price: promo.percent_extension_price,
    };
  });

  route(app, endpoints.discounts, async (request) => {
    return listDiscounts(db, request.query.target);
  });

  /** The SECCI for a term and amount of the product, as HTML or PDF. */
  app.get<{ Params: { id: number; term: number; amount: number; format: 'html' | 'pdf' } }>(
    '/v2/products/:id/prices/:term/:amount/offer/:format',
    {
      schema: {
        summary: 'Pre-contract information (SECCI) for a term and amount',
        params: OfferParams,
        ...withDocs('offer', { access: 'optional', params: OfferParams, errors: [404] }, { 200: documentAnswer }),
      },
    },
    async (request, reply) => {
      const { id, term, amount, format } = request.params;
      const { product, rules } = await loadProduct(db, id);
      if (!termsOf(rules).includes(term)) throw ApiError.field(422, 'term', messages.incorrectData);
      if (!amountsOf(rules).includes(amount)) throw ApiError.field(422, 'amount', messages.incorrectData);
      const facts = {
        productName: product.name,
        amount,
        term,
        price: priceFor(rules, term, amount, {
          firstLoan: await isFirstLoan(db, request.session?.userId ?? null),
          commissionDiscountPercent: null,
        }),
        lateDailyBasisPoints: product.late_daily_basis_points,
        today: new Date(),
      };
      if (format === 'pdf') {
        return reply
          .header('Content-Type', 'application/pdf')
          .header(
            'Content-Disposition',
            `inline; filename="informacion-normalizada-${amount / 100}-eur-${term}-dias.pdf"`,
          )
          .send(Buffer.from(await offerPdf(facts)));
      }
      return reply.header('Content-Type', 'text/html; charset=utf-8').send(offerHtml(facts));
    },
  );

  /** The SECCI at the product's default amount and term (the calculator's starting point). */
  app.get<{ Params: { id: number } }>(
    '/api/products/:id/offer/html',
    {
      schema: {
        summary: 'Pre-contract information at the default amount and term',
        params: endpoints.settings.params,
        ...withDocs(
          'defaultOffer',
          { access: 'public', params: endpoints.settings.params, errors: [404] },
          { 200: Html },
        ),
      },
    },
    async (request, reply) => {
      const { product, rules } = await loadProduct(db, request.params.id);
      const amounts = amountsOf(rules);
      const terms = termsOf(rules);
      const amount = amounts[Math.min(product.amount_default_toggle_position, amounts.length - 1)] ?? rules.minAmount;
      const term = terms[Math.min(product.term_default_toggle_position, terms.length - 1)] ?? rules.minTerm;
      const price = priceFor(rules, term, amount, {
        firstLoan: await isFirstLoan(db, null),
        commissionDiscountPercent: null,
      });
      return reply.header('Content-Type', 'text/html; charset=utf-8').send(
        offerHtml({
          productName: product.name,
          amount,
          term,
          price,
          lateDailyBasisPoints: product.late_daily_basis_points,
          today: new Date(),
        }),
      );
    },
  );

  app.get<{ Params: { id: number; type: string } }>(
    '/v2/products/:id/agreement/:type',
    {
      schema: {
        summary: 'Agreement template by type',
        params: AgreementParams,
        ...withDocs(
          'agreementTemplate',
          { access: 'public', params: AgreementParams, errors: [404] },
          { 200: htmlAnswer },
        ),
      },
    },
    async (request, reply) => {
      const { product } = await loadProduct(db, request.params.id);
      const type = request.params.type;
      if (!(type in AGREEMENT_TYPES)) throw ApiError.request(404, messages.routeNotFound);
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(agreementHtml(type as keyof typeof AGREEMENT_TYPES, product.name));
    },
  );
}
