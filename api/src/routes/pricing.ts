import { AgreementParams, endpoints, Html, OfferParams, PricesQuery } from '@credimo/shared/contract';
import { offerFileName } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context';
import { documentHtml, documentLayout, documentPdf, isAgreementType, templateLayout } from '../documents';
import { ApiError } from '../errors';
import { sendPublished } from '../http/published';
import { calculatorSettings, checkPromo, defaultOffer, offerFor } from '../pricing/offer';
import { CurrentPricingRules, PublishedPriceTables, publishedPricesFor } from '../pricing/published';
import { listDiscounts, listProducts, loadProduct } from '../pricing/repository';
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

export async function pricingRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const db = database.db;

  route(app, endpoints.products, async () => {
    return listProducts(db);
  });

  const priceTables = new PublishedPriceTables();
  const currentRules = new CurrentPricingRules();
  route(app, endpoints.prices, async (request, reply) => {
    const userId = request.session?.userId ?? null;
    const published = await publishedPricesFor(
      db,
      priceTables,
      request.params.id,
      {
        userId,
        discount: request.query.discount,
      },
      currentRules,
    );
    // The same for every visitor with the same code: cacheable briefly by browsers, never by shared caches.
    reply.header('Cache-Control', userId ? 'private, no-cache' : 'public, max-age=60');
    return sendPublished(request, reply, published) as never;
  });

  route(app, endpoints.settings, async (request) => calculatorSettings(db, request.params.id));

  route(app, endpoints.checkPromocode, async (request) =>
    checkPromo(db, request.body.promocode ?? request.body.discount, request.session?.userId ?? null),
  );

  route(app, endpoints.discounts, async (request) => {
    return listDiscounts(db, request.query.target);
  });

  /**
   * The SECCI for a term and amount of the product, as HTML or PDF, priced as the calculator prices it for the
   * same caller and code (a signed-in customer: their first loan, discounts and own application).
   */
  const secci = async (
    request: FastifyRequest<{
      Params: { id: number; term: number; amount: number };
      Querystring: { discount?: string };
    }>,
    reply: FastifyReply,
    format: 'html' | 'pdf',
  ) => {
    const { id, term, amount } = request.params;
    const userId = request.session?.userId ?? null;
    const offer = await offerFor(
      db,
      { productId: id, term, amount },
      { userId, promocode: request.query.discount ?? null },
    );
    // Priced for this customer: never kept by a shared cache.
    if (userId) reply.header('Cache-Control', 'private, no-store');
    const layout = documentLayout('secci', offer, config.lender);
    if (format === 'pdf') {
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${offerFileName(term, amount)}"`)
        .send(Buffer.from(await documentPdf(layout)));
    }
    return reply.header('Content-Type', 'text/html; charset=utf-8').send(documentHtml(layout));
  };
  app.get<{
    Params: { id: number; term: number; amount: number; format: 'html' | 'pdf' };
    Querystring: { discount?: string };
  }>(
    '/v2/products/:id/prices/:term/:amount/offer/:format',
    {
      schema: {
        summary: 'Pre-contract information (SECCI) for a term and amount',
        params: OfferParams,
        querystring: PricesQuery,
        ...withDocs(
          'offer',
          { access: 'optional', params: OfferParams, query: PricesQuery, errors: [404] },
          { 200: documentAnswer },
        ),
      },
    },
    async (request, reply) => secci(request, reply, request.params.format),
  );
  // The PDF is the same document rendered at a real CPU cost: its own route (a static segment wins over
  // `:format`), so it carries the `expensive` limit and the HTML does not. Documented by the route above.
  app.get<{ Params: { id: number; term: number; amount: number }; Querystring: { discount?: string } }>(
    '/v2/products/:id/prices/:term/:amount/offer/pdf',
    {
      schema: { hide: true, params: Type.Omit(OfferParams, ['format']), querystring: PricesQuery },
      config: { limit: 'expensive' },
    },
    async (request, reply) => secci(request, reply, 'pdf'),
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
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(documentHtml(documentLayout('secci', await defaultOffer(db, request.params.id), config.lender))),
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
      if (!isAgreementType(type)) throw ApiError.request(404, messages.routeNotFound);
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(documentHtml(templateLayout(type, product.name, config.lender)));
    },
  );
}
