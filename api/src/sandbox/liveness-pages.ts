import { randomBytes } from 'node:crypto';
import { LIVENESS_ENGINES, type LivenessEngine, type LivenessStatus } from '@credimo/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { cleanImage } from '../evidence/images';
import { readUploadForm, UploadTooLarge } from '../http/multipart';
import { pagePolicy } from '../http/security';
import { postSignedCallback } from '../providers/callback-route';
import { SANDBOX_LIVENESS_PATH, type SandboxLivenessEvent } from '../providers/liveness';
import { allowedReturnOrigins, isAllowedReturnUrl } from '../providers/return-urls';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from './page';

/** Where the liveness provider posts its verdicts; the sandbox posts there exactly as a real provider would. */
export const LIVENESS_CALLBACK_PATH = '/v2/providers/liveness/callback';

const ENGINE_TEXT: Record<LivenessEngine, { title: string; hint: string; facing: 'user' | 'environment' }> = {
  video_selfie_blank: {
    title: 'Selfie',
    hint: 'Mira a la cámara con buena luz, sin gafas de sol ni mascarilla, con la cara centrada.',
    facing: 'user',
  },
  photo_id_front: {
    title: 'DNI/NIE por delante',
    hint: 'El documento original, con las cuatro esquinas dentro de la foto.',
    facing: 'environment',
  },
  photo_id_back: {
    title: 'DNI/NIE por detrás',
    hint: 'Da la vuelta al documento y haz la foto de la misma forma.',
    facing: 'environment',
  },
};

const OUTCOMES: { value: LivenessStatus; label: string }[] = [
  { value: 'success', label: 'Verificación correcta' },
  { value: 'failed', label: 'Verificación fallida' },
  { value: 'pending', label: 'Verificación pendiente (revisión manual)' },
];

function enginesFrom(raw: unknown): LivenessEngine[] {
  const asked = typeof raw === 'string' ? raw.split(',') : [];
  const engines = LIVENESS_ENGINES.filter((engine) => asked.includes(engine));
  return engines.length > 0 ? engines : [...LIVENESS_ENGINES];
}

/**
 * The sandbox pages' policy (see pagePolicy): no inline script or style (the page's code is a same-origin file),
 * photos shown from blob: addresses, the camera stream, and the form may hand the browser back only to the
 * allow-listed return origins.
 */
function livenessPagePolicy(config: ApiConfig) {
  return pagePolicy({
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:'],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'", ...allowedReturnOrigins(config)],
  });
}

const page = (title: string, body: string) =>
  sandboxPage({ base: SANDBOX_LIVENESS_PATH, title, script: 'liveness.js', body });

function capturePage(returnUrl: string, engines: LivenessEngine[]): string {
  const steps = engines
    .map((engine) => {
      const text = ENGINE_TEXT[engine];
      return `<fieldset class="engine" data-engine="${engine}" data-facing="${text.facing}">
<legend>${escapeHtml(text.title)}</legend>
<p>${escapeHtml(text.hint)}</p>
<button type="button" class="capture" data-engine="${engine}" hidden>Hacer foto con la cámara</button>
<label>Elegir una foto <input type="file" name="${engine}" accept="image/jpeg,image/png,image/webp" required></label>
<img class="preview" alt="Foto elegida: ${escapeHtml(text.title)}" hidden>
</fieldset>`;
    })
    .join('\n');
  const outcomes = OUTCOMES.map(
    (o, i) =>
      `<label><input type="radio" name="outcome" value="${o.value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(o.label)}</label>`,
  ).join('\n');
  return page(
    'Verificación de identidad (sandbox)',
    `<h1>Verificación de identidad</h1>
<p class="note">Proveedor de pruebas (sandbox): las fotos se comprueban y se descartan, nada sale de Credimo.</p>
<form id="liveness" method="post" action="${SANDBOX_LIVENESS_PATH}/transactions" enctype="multipart/form-data">
<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<input type="hidden" name="engines" value="${engines.join(',')}">
<div class="camera" hidden>
<video id="camera" autoplay playsinline muted></video>
<button type="button" id="camera-stop">Cerrar la cámara</button>
</div>
<p id="camera-status" role="status"></p>
${steps}
<fieldset class="outcome">
<legend>Resultado simulado</legend>
${outcomes}
</fieldset>
<button type="submit">Enviar verificación</button>
</form>`,
  );
}

const errorPage = (message: string) =>
  page(
    'Verificación de identidad (sandbox)',
    `<h1>Verificación de identidad</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
  );

/**
 * The sandbox liveness provider's own pages and server, served by the API under /sandbox/liveness. It behaves like
 * the real thing: the browser takes the photos here, the "provider" checks them (each must decode as an image),
 * keeps the transaction, posts a signed callback to our callback route, and sends the browser back to the app with
 * transaction_id. The simulated result lets testers walk the failed and pending paths.
 */
export async function sandboxLivenessPages(
  app: FastifyInstance,
  { config, db, secret }: { config: ApiConfig; db: Kysely<Database>; secret: () => Promise<string> },
) {
  const policy = livenessPagePolicy(config);
  serveSandboxAssets(app, SANDBOX_LIVENESS_PATH, ['liveness.js']);

  app.get<{ Querystring: { return_url?: string; engines?: string } }>(
    SANDBOX_LIVENESS_PATH,
    { schema: { hide: true }, config: { helmet: policy, camera: true } },
    async (request, reply) => {
      const returnUrl = request.query.return_url ?? '';
      if (!isAllowedReturnUrl(config, returnUrl)) {
        return html(reply.code(400)).send(errorPage('La dirección de vuelta no está permitida.'));
      }
      return html(reply).send(capturePage(returnUrl, enginesFrom(request.query.engines)));
    },
  );

  app.post(
    `${SANDBOX_LIVENESS_PATH}/transactions`,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      let form: Awaited<ReturnType<typeof readUploadForm>>;
      try {
        form = await readUploadForm(request, { maxFileBytes: 10 * 1024 * 1024, maxFiles: LIVENESS_ENGINES.length });
      } catch (error) {
        if (!(error instanceof UploadTooLarge)) throw error;
        return html(reply.code(413)).send(errorPage('La foto es demasiado grande.'));
      }
      const returnUrl = form.fields.return_url ?? '';
      if (!isAllowedReturnUrl(config, returnUrl)) {
        return html(reply.code(400)).send(errorPage('La dirección de vuelta no está permitida.'));
      }
      const engines = enginesFrom(form.fields.engines);
      // Every engine needs a photo that really is an image; otherwise the check fails, as a real provider's would.
      const photosValid = await Promise.all(
        engines.map(async (engine) => {
          const file = form.files.find((f) => f.field === engine);
          return file
            ? cleanImage(file.bytes).then(
                () => true,
                () => false,
              )
            : false;
        }),
      );
      const chosen = OUTCOMES.find((o) => o.value === form.fields.outcome)?.value ?? 'success';
      const status: LivenessStatus = photosValid.every(Boolean) ? chosen : 'failed';
      const transactionId = randomBytes(16).toString('hex');
      await db
        .insertInto('sandbox_liveness_transactions')
        .values({ id: transactionId, engines: JSON.stringify(engines), status })
        .execute();
      if (status !== 'pending') await deliverCallback(app, secret, { transactionId, status });
      const back = new URL(returnUrl);
      back.searchParams.set('transaction_id', transactionId);
      return reply.code(303).header('cache-control', 'no-store').redirect(back.toString(), 303);
    },
  );
}

/** Posts the verdict to the callback route, signed, through the same path a real provider's request takes. */
export async function deliverCallback(
  app: FastifyInstance,
  secret: () => Promise<string>,
  verdict: { transactionId: string; status: LivenessStatus },
): Promise<void> {
  const event: SandboxLivenessEvent = {
    event_id: `evt_${randomBytes(12).toString('hex')}`,
    transaction_id: verdict.transactionId,
    status: verdict.status,
  };
  const response = await postSignedCallback(app, LIVENESS_CALLBACK_PATH, secret, event);
  // A lost callback is not fatal: PUT /v2/user/liveness looks the verdict up. Logged for the tester.
  if (response.statusCode !== 200) app.log.warn({ status: response.statusCode }, 'sandbox liveness callback refused');
}
