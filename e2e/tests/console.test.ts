import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { accessible, launchChromium, watchConsole, watchCspViolations } from '../src/browser';
import { appShown } from '../src/first-paint';
import { sendRequiredFilesThroughApi } from '../src/loan';
import { stackPorts } from '../src/ports';
import { completeRegistration, signInThroughApi } from '../src/session';

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
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack({ env: { ...stackPorts(3980), SANDBOX_DECISION_DELAY_SECONDS: '1' }, log: () => {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('an agent signs in with a second factor, approves an application in manual verification, and the customer’s waiting page moves on', async () => {
    // The customer: registered, declares another loan (the sandbox engine sends that to manual verification), applies.
    const token = await signInThroughApi(stack.urls.api, PHONE);
    await completeRegistration(stack.urls.api, token, PHONE);
    const declared = await api(stack, 'PUT', '/v2/user/additional_data', token, {
      employment_type_id: 4,
      education: 'university',
      has_current_loan: true,
      email: 'ana@credimo.es',
    });
    assert.equal(declared.status, 200, await declared.text());
    const applied = await api(stack, 'POST', '/v2/loan', token, {
      loan_sum: 30_000,
      loan_period: 15,
      attempt_reference: `console-e2e-${PHONE}`,
    });
    assert.equal(applied.status, 201, await applied.text());
    // Manual verification asks for an income statement; the customer sends it, and the analyst looks at it.
    for (let tries = 0; ; tries += 1) {
      const loan = (await (await api(stack, 'GET', '/v2/loan', token)).json()) as { status: number };
      if (loan.status === 33) break;
      assert.ok(tries < 60, `the loan stayed in status ${loan.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // It asks for the identity photos and selfie too: all sent here, so the customer waits for the analyst.
    await sendRequiredFilesThroughApi(stack.urls.api, token);
    const customer = await (await browser.newContext()).newPage();
    await customer.context().addCookies([{ name: 'credimo_access_token', value: token, url: stack.urls.app }]);
    const customerErrors = watchConsole(customer);
    await customer.goto(`${stack.urls.app}/account`);
    // The loan lists the statement among its required files until the analyst decides: the customer waits there.
    await customer.waitForURL(/\/application\/(awaiting-verification-loan|request-additional-photos)$/, {
      timeout: 30_000,
    });
    // The waiting screen is the app's (not the server's first paint of the account) before the agent decides.
    await appShown(customer);
    const waitingAt = customer.url();
    const { public_id: loanId } = (await (await api(stack, 'GET', '/v2/loan', token)).json()) as { public_id: string };

    // The agent, in the console the API serves: sign-in with password and TOTP code.
    const agent = await (await browser.newContext()).newPage();
    const cspViolations = await watchCspViolations(agent);
    const agentErrors = watchConsole(agent);
    await agent.goto(`${stack.urls.api}/console`);
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
    assert.ok(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0), 'the photo loads');
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
