import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Stack } from '../../scripts/stack';
import { accessible, tokenOf, watchConsole, watchCspViolations } from '../src/browser';
import { appShown } from '../src/first-paint';
import { applyOnAccount } from '../src/journey';
import { photo } from '../src/loan';
import { stackPorts } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000961';
/** The sandbox's demo agent (docs/operating.md, Operators' console): seeded by the API in sandbox mode only. */
const AGENT = { username: 'agente', password: 'agente-sandbox-1', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

/** The code the agent's authenticator app shows now. */
const totpCode = (secret: string) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();

const api = (stack: Stack, method: string, path: string, token: string, body?: unknown) =>
  fetch(`${stack.urls.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('the operators console in Chromium: manual verification', () => {
  const site = withStack({ ...stackPorts(3980), SANDBOX_DECISION_DELAY_SECONDS: '1' });

  test('an agent signs in with a second factor, approves an application in manual verification, and the customer’s waiting page moves on', async () => {
    // The customer: registered, declares another loan (the sandbox engine sends that to manual verification), applies.
    const customer = await (await site.browser.newContext()).newPage();
    const customerErrors = watchConsole(customer);
    await signInThroughPages(customer, site.stack.urls.app, PHONE);
    await registerThroughPages(customer, PHONE, 'ana@credimo.es', { otherLoan: true });
    await applyOnAccount(customer, { amount: 30_000, term: 15 });
    // Manual verification asks for an income statement with the identity photos and the selfie: all sent on the
    // documents page, so the customer waits for the analyst, who looks at the statement.
    await customer.waitForURL(/\/registration\/photo-verification$/, { timeout: 30_000 });
    await customer.getByRole('button', { name: 'Empezar' }).click();
    const done = customer.getByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' });
    const picker = customer.getByLabel(/^Elegir foto: /);
    for (let sent = 0; sent < 6; sent += 1) {
      await done.or(picker).first().waitFor();
      if (await done.isVisible()) break;
      const named = await picker.first().evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent);
      const label = (named ?? '').replace(/^\s*Elegir foto:\s*/, '').trim();
      await picker.first().setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await customer.getByRole('heading', { name: label, exact: true }).waitFor({ state: 'detached' });
    }
    await done.waitFor();
    await customer.getByRole('button', { name: 'Continuar' }).click();
    const token = await tokenOf(customer);
    // The loan lists the statement among its required files until the analyst decides: the customer waits there.
    await customer.waitForURL(/\/application\/(awaiting-verification-loan|request-additional-photos)$/, {
      timeout: 30_000,
    });
    // The waiting screen is the app's (not the server's first paint of the account) before the agent decides.
    await appShown(customer);
    const waitingAt = customer.url();
    const { public_id: loanId } = (await (await api(site.stack, 'GET', '/v2/loan', token)).json()) as {
      public_id: string;
    };

    // The agent, in the console the API serves: sign-in with password and TOTP code.
    const agent = await (await site.browser.newContext()).newPage();
    const cspViolations = await watchCspViolations(agent);
    const agentErrors = watchConsole(agent);
    await agent.goto(`${site.stack.urls.api}/console`);
    await agent.getByRole('heading', { name: 'Acceso del personal' }).waitFor();
    await accessible(agent, 'the console sign-in');
    await agent.getByLabel('Usuario').fill(AGENT.username);
    await agent.getByLabel('Contraseña').fill(AGENT.password);
    await agent.getByLabel(/Código de verificación/).fill('000000');
    await agent.getByRole('button', { name: 'Entrar' }).click();
    await agent.getByText('Usuario, contraseña o código incorrectos.').waitFor();
    await agent.getByLabel('Usuario').fill(AGENT.username);
    await agent.getByLabel('Contraseña').fill(AGENT.password);
    await agent.getByLabel(/Código de verificación/).fill(totpCode(AGENT.totpSecret));
    await agent.getByRole('button', { name: 'Entrar' }).click();

    // The queue shows the application; the customer's file has their loan and its transitions.
    await agent.getByRole('heading', { name: 'Solicitudes en verificación manual' }).waitFor();
    await agent.getByRole('cell', { name: loanId, exact: true }).waitFor();
    await accessible(agent, 'the verification queue');
    await agent.getByRole('link', { name: 'Ana García' }).first().click();
    await agent.getByRole('heading', { name: `Préstamo ${loanId}` }).waitFor();
    await agent.getByText('AwaitingVerification (33)').first().waitFor();
    // The document photo is served to staff by the console itself.
    const image = agent.getByRole('img', { name: 'income_statement' });
    await image.waitFor();
    // Loaded (or failed) before it is judged: on a busy machine the photo may still be on its way.
    const loaded = await image.evaluate(
      (img) =>
        new Promise<boolean>((resolve) => {
          const photo = img as HTMLImageElement;
          if (photo.complete) resolve(photo.naturalWidth > 0);
          photo.addEventListener('load', () => resolve(photo.naturalWidth > 0));
          photo.addEventListener('error', () => resolve(false));
        }),
    );
    assert.ok(loaded, 'the photo loads');
    await accessible(agent, 'the customer file');
    // An agent is offered no sale and no blacklist.
    assert.equal(await agent.getByRole('button', { name: 'Vender la cartera' }).count(), 0);
    assert.equal(await agent.getByRole('button', { name: 'Añadir a la lista negra' }).count(), 0);

    await agent.getByRole('link', { name: 'Verificación manual' }).click();
    await agent.getByRole('button', { name: `Aprobar ${loanId}` }).click();
    await agent.getByText(`Préstamo ${loanId} aprobado`).waitFor();
    await accessible(agent, 'the result page');

    // The customer’s waiting page moves on by itself (it polls the user, every 30 s on the documents page): the approved loan asks how to receive the money.
    await customer.waitForURL(/\/application\/issue-method$/, { timeout: 60_000 });
    assert.notEqual(customer.url(), waitingAt);
    await customer.getByRole('heading', { name: 'Ir a la firma' }).waitFor();

    await agent.getByRole('link', { name: 'Volver a la consola' }).click();
    await agent.getByText('No hay solicitudes esperando verificación.').waitFor();
    await agent.getByRole('button', { name: 'Cerrar sesión' }).click();
    await agent.getByRole('heading', { name: 'Acceso del personal' }).waitFor();
    assert.deepEqual(cspViolations, [], 'the console runs within its CSP');
    // The wrong code was refused on purpose (401).
    assert.deepEqual(
      agentErrors.filter((e) => !e.startsWith('401 ')),
      [],
    );
    assert.deepEqual(customerErrors, []);
  });
});
